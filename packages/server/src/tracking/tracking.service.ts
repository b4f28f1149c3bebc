import { TRACKER_FEED_PATH, TRACKING_LINK_PATH, TRACKING_LINKS_PER_TEAM } from '@rada/core';
import type {
  CreateTrackingLinkBody,
  EventTrackingView,
  TrackingApp,
  TrackingLinkView,
} from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { toJson } from '../db/json.ts';
import type { Store } from '../db/store.ts';
import type { EventRow } from '../events/event.repository.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { updateTeamDevs } from '../messages/device.service.ts';
import { canEditEvent } from '../policies/event.policy.ts';
import type { Bus } from '../realtime/bus.ts';
import { loadEventAccess, requireEventAdmin } from '../teams/eventAdmin.ts';
import { teamContext } from '../teams/team.context.ts';
import { newLinkDeviceId, newLinkId, newTrackingSecret } from './linkDevice.ts';
import type { TrackingLinkWithDevice } from './tracking.repository.ts';

export interface TrackingServiceDeps {
  store: Store;
  /** The bus that tells the event's pages (and the results) that its teams changed. */
  bus: Bus;
  now: () => number;
}

type CreateBody = z.output<typeof CreateTrackingLinkBody>;

/** A link as its team and the event's admins see it; the secret only as the URL's path. */
export function presentLink(row: TrackingLinkWithDevice): TrackingLinkView {
  return {
    id: row.id,
    eventId: row.event_id,
    teamId: row.team_id,
    app: row.app as TrackingApp | 'tracker',
    deviceId: row.device_id,
    path: row.secret === null ? null : `${TRACKING_LINK_PATH}/${row.secret}`,
    trackerId: row.tracker_id,
    createdAt: row.created_at,
    lastSeen: row.last_seen,
    lastT: row.last_t,
  };
}

/**
 * Tracking links (docs/tracking.md): a team's members and the event's admins make links for
 * background apps, the admins link GPS trackers by their Traccar unique id and turn the event's
 * Traccar forwarding on and off. Each link owns a device of the team (no user), under which its
 * points are stored; deleting the link keeps the device and its track.
 */
export function trackingService({ store, bus, now }: TrackingServiceDeps) {
  /**
   * The caller's standing in a team of the event: 404 no event or team, 401 signed out, 403
   * neither an admin of the event nor a member of the team.
   */
  async function teamAccess(
    actor: Actor | null,
    eventId: string,
    teamId: string,
  ): Promise<{ event: EventRow; admin: boolean }> {
    const { row, access } = await loadEventAccess(store, actor, eventId);
    if (!actor) throw unauthorized();
    const admin = canEditEvent(access);
    if (!admin) {
      const teams = await store.members.teamsOf(eventId, actor.uid);
      if (!teams.some((m) => m.team_id === teamId)) throw forbidden();
    }
    if (!(await store.teams.findById(eventId, teamId))) throw notFound();
    return { event: row, admin };
  }

  // Writes serialise on the event row and refuse an archived event, as the teams service's do.
  const { write, changed, audit, requireWrite } = teamContext({ store, bus, now });

  /** What the log keeps of a link: never its secret. */
  const logged = (row: { app: string; device_id: string; tracker_id: string | null }) => ({
    app: row.app,
    deviceId: row.device_id,
    ...(row.tracker_id === null ? {} : { trackerId: row.tracker_id }),
  });

  async function eventView(eventId: string): Promise<EventTrackingView> {
    const [feed, links] = await Promise.all([
      store.tracking.feedOf(eventId),
      store.tracking.linksOfEvent(eventId),
    ]);
    return {
      feedPath: feed ? `${TRACKER_FEED_PATH}/${feed.secret}` : null,
      links: links.map(presentLink),
    };
  }

  return {
    /** A team's links, oldest first: its members and the event's admins. */
    async teamLinks(
      actor: Actor | null,
      eventId: string,
      teamId: string,
    ): Promise<TrackingLinkView[]> {
      await teamAccess(actor, eventId, teamId);
      return (await store.tracking.linksOfTeam(eventId, teamId)).map(presentLink);
    },

    /**
     * Makes a link and its device, which joins the team's `devs`. An app link: a member of the
     * team or an admin; a tracker: admins only (403). 409 tracking.error.toomany past
     * TRACKING_LINKS_PER_TEAM, tracking.error.trackertaken for a tracker id the event has linked,
     * teams.error.archived on an archived event.
     */
    async create(
      actor: Actor | null,
      eventId: string,
      teamId: string,
      body: CreateBody,
    ): Promise<TrackingLinkView> {
      const { admin } = await teamAccess(actor, eventId, teamId);
      if (body.app === 'tracker' && !admin) throw forbidden();
      const at = now();
      const link = await write(eventId, async (repos) => {
        if ((await repos.tracking.countOfTeam(eventId, teamId)) >= TRACKING_LINKS_PER_TEAM) {
          throw new AppError('tracking.error.toomany', 409);
        }
        const trackerId = body.app === 'tracker' ? body.trackerId : null;
        if (trackerId !== null && (await repos.tracking.trackerTaken(eventId, trackerId))) {
          throw new AppError('tracking.error.trackertaken', 409);
        }
        const row = {
          id: newLinkId(),
          event_id: eventId,
          team_id: teamId,
          device_id: newLinkDeviceId(),
          app: body.app,
          secret: body.app === 'tracker' ? null : newTrackingSecret(),
          tracker_id: trackerId,
          created_by: actor?.uid ?? null,
          created_at: at,
        };
        await repos.tracking.insertDevice({
          id: row.device_id,
          user_id: null,
          event_id: eventId,
          team_id: teamId,
          info: toJson({ app: body.app, ...(trackerId === null ? {} : { trackerId }) }),
          last_seen: null,
          last_t: null,
          last_point: null,
        });
        await repos.tracking.insertLink(row);
        await updateTeamDevs(repos, eventId, teamId, row.device_id, true);
        await repos.teams.insertAudit([
          audit(
            actor,
            eventId,
            'team.tracking.create',
            `teams/${teamId}/tracking/${row.id}`,
            undefined,
            logged(row),
          ),
        ]);
        return { ...row, last_seen: null, last_t: null };
      });
      changed(eventId);
      return presentLink(link);
    },

    /**
     * Deletes a link (a member of its team or an admin): its URL stops working at once and its
     * device leaves the team's `devs`; the device row and its stored track stay.
     */
    async remove(actor: Actor | null, eventId: string, linkId: string): Promise<void> {
      const found = await store.tracking.findLink(eventId, linkId);
      if (!found) {
        // The same answers as for a link that exists, to anyone who may not see the event's.
        await loadEventAccess(store, actor, eventId);
        if (!actor) throw unauthorized();
        throw notFound();
      }
      await teamAccess(actor, eventId, found.team_id);
      await write(eventId, async (repos) => {
        const row = await repos.tracking.findLink(eventId, linkId);
        if (!row) throw notFound();
        await repos.tracking.deleteLink(eventId, linkId);
        await updateTeamDevs(repos, eventId, row.team_id, row.device_id, false);
        await repos.teams.insertAudit([
          audit(
            actor,
            eventId,
            'team.tracking.delete',
            `teams/${row.team_id}/tracking/${row.id}`,
            logged(row),
            undefined,
          ),
        ]);
      });
      changed(eventId);
    },

    /** The event's Traccar forwarding path and every link (admins). */
    async eventTracking(actor: Actor | null, eventId: string): Promise<EventTrackingView> {
      await requireEventAdmin(store, actor, eventId);
      return eventView(eventId);
    },

    /**
     * Turns the event's Traccar forwarding on with a new secret, replacing an earlier one (whose
     * URL stops working), admins only.
     */
    async setFeed(actor: Actor | null, eventId: string): Promise<EventTrackingView> {
      await requireWrite(actor, eventId);
      await write(eventId, async (repos) => {
        const replaced = (await repos.tracking.feedOf(eventId)) !== undefined;
        await repos.tracking.setFeed({
          event_id: eventId,
          secret: newTrackingSecret(),
          created_at: now(),
        });
        await repos.teams.insertAudit([
          audit(actor, eventId, 'event.trackerfeed.set', 'tracking/feed', undefined, {
            replaced,
          }),
        ]);
      });
      return eventView(eventId);
    },

    /** Turns the event's Traccar forwarding off (admins); nothing to do when it was off. */
    async deleteFeed(actor: Actor | null, eventId: string): Promise<void> {
      await requireEventAdmin(store, actor, eventId);
      await store.transaction(async (repos) => {
        if (await repos.tracking.deleteFeed(eventId)) {
          await repos.teams.insertAudit([
            audit(actor, eventId, 'event.trackerfeed.delete', 'tracking/feed', {}, undefined),
          ]);
        }
      });
    },
  };
}
export type TrackingService = ReturnType<typeof trackingService>;
