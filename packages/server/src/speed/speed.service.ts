import {
  COMPUTED_TICKET_ID,
  SpeedArea,
  eventTopic,
  eventTypeOf,
  speedSettingsOf,
  speedTickets,
  ticketsPossible,
} from '@rada/core';
import type {
  EventChange,
  IdentifiedSpeedTicket,
  LocationPoint,
  RecomputeTicketsResult,
  SpeedTicketRow,
} from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import type { Store } from '../db/store.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { Bus } from '../realtime/bus.ts';
import { coalescer } from '../results/recalc.ts';
import { loadEventAccess, requireEventAdmin } from '../teams/eventAdmin.ts';
import { logBadChunk, mergeChunks } from '../tracks/track.chunks.ts';
import { canReadSpeedTickets } from './speed.policy.ts';

export interface SpeedServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  log: (obj: object, msg: string) => void;
  /** Wait after new track points before a team's tickets are recomputed (ms). */
  debounceMs?: number;
}

/** Default wait after new points: a team's batches within it give one recomputation. */
export const SPEED_TICKETS_DEBOUNCE_MS = 2000;
/** Longest a recomputation runs before it lets other work in. */
const SPEED_SLICE_MS = 10;

/** The event's valid speed areas (evdoc.speedareas); entries that do not parse are skipped. */
export function speedAreasOf(evdoc: JsonMap): Record<string, SpeedArea> {
  const out: Record<string, SpeedArea> = {};
  for (const [id, value] of Object.entries(fromJsonMap(toJson(evdoc.speedareas)))) {
    const parsed = SpeedArea.safeParse(value);
    if (parsed.success) out[id] = parsed.data;
  }
  return out;
}

const sameTickets = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([id, json]) => b.get(id) === json);

/**
 * Speed areas (event admins edit them in the event document) and speed tickets computed from the
 * teams' tracks by core's `speedTickets` (docs/speed-tickets.md). Tickets are recomputed for the
 * whole event when an area changes or an admin asks, and per team a moment after new points of
 * a followed event arrive on its live topic. Only computed tickets (COMPUTED_TICKET_ID) are
 * replaced; tickets added by hand or imported under other ids are kept.
 */
export function speedService({
  store,
  bus,
  log,
  debounceMs = SPEED_TICKETS_DEBOUNCE_MS,
}: SpeedServiceDeps) {
  /** `teams`: the teams whose tickets changed (the results recalculation recomputes them alone). */
  const publish = (eventId: string, what: EventChange[], teams?: string[]) =>
    bus.publish(eventTopic(eventId), {
      v: 1,
      type: 'event.changed',
      eventId,
      what,
      ...(teams ? { teams } : {}),
    });

  async function evdocOf(eventId: string): Promise<JsonMap> {
    return fromJsonMap((await store.events.findData(eventId))?.evdoc);
  }

  async function trackOf(eventId: string, teamId: string): Promise<LocationPoint[]> {
    return mergeChunks(await store.tracks.chunksOf(eventId, teamId), {
      onBadChunk: logBadChunk(log, 'speed tickets', eventId, teamId),
    });
  }

  /** Replaces a team's computed tickets; true when they changed. One transaction. */
  async function storeTeam(
    eventId: string,
    teamId: string,
    computed: IdentifiedSpeedTicket[],
  ): Promise<boolean> {
    return store.transaction(async (repos) => {
      const existing = (await repos.speed.ticketsOfTeam(eventId, teamId)).filter((r) =>
        COMPUTED_TICKET_ID.test(r.id),
      );
      const next = new Map(computed.map(({ id, ...ticket }) => [id, toJson(ticket)]));
      const before = new Map(existing.map((r) => [r.id, r.ticket]));
      if (sameTickets(before, next)) return false;
      await repos.speed.deleteTickets(eventId, teamId, [...before.keys()]);
      await repos.speed.insertTickets(
        [...next].map(([id, ticket]) => ({ event_id: eventId, team_id: teamId, id, ticket })),
      );
      return true;
    });
  }

  /** Recomputes the tickets of the given teams (all when omitted); publishes when any changed. */
  async function recompute(eventId: string, teamIds?: readonly string[]) {
    const data = await store.events.findData(eventId);
    if (!data) return { teams: 0, tickets: 0, changed: false };
    const evdoc = fromJsonMap(data.evdoc);
    // The limit in force: the stored one, else the event type's (none for teams on foot).
    const speed = speedSettingsOf(
      fromJsonMap(toJson(evdoc.speed)),
      eventTypeOf(fromJsonMap(data.settings)),
    );
    const areas = speedAreasOf(evdoc);
    const known = new Set((await store.speed.teams(eventId)).map((t) => t.id));
    let teams = (teamIds ?? [...known]).filter((id) => known.has(id));
    const asked = teams.length;
    const possible = ticketsPossible(speed, areas);
    if (!possible) {
      // Nothing can be issued (on foot, no areas): no track is read; only teams that still hold
      // computed tickets (the limit was lifted since) are stored again, without them.
      const holding = new Set(
        (await store.speed.tickets(eventId))
          .filter((r) => COMPUTED_TICKET_ID.test(r.id))
          .map((r) => r.team_id),
      );
      teams = teams.filter((id) => holding.has(id));
    }
    let tickets = 0;
    const changedTeams: string[] = [];
    let slice = performance.now();
    for (const teamId of teams) {
      // SQLite answers synchronously: a run over every team of a big event would hold back
      // requests and live frames until it ends, so it lets them in every few milliseconds.
      if (performance.now() - slice > SPEED_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
      const computed = possible ? speedTickets(await trackOf(eventId, teamId), speed, areas) : [];
      tickets += computed.length;
      if (await storeTeam(eventId, teamId, computed)) changedTeams.push(teamId);
    }
    const changed = changedTeams.length > 0;
    // 'teams' recalculates the results (of these teams), so spdpenalty follows the new tickets.
    if (changed) publish(eventId, ['speed', 'teams'], changedTeams);
    return { teams: asked, tickets, changed };
  }

  /** Per event, the teams with new points since its last run, or 'all' (areas changed). */
  const due = new Map<string, Set<string> | 'all'>();
  const runs = coalescer(
    async (eventId) => {
      const teams = due.get(eventId) ?? 'all';
      due.delete(eventId);
      // Servers sharing the database take turns per event, as results do.
      await store.exclusive(`speed:${eventId}`, () =>
        recompute(eventId, teams === 'all' ? undefined : [...teams]),
      );
    },
    debounceMs,
    (key, error) => log({ err: error, key }, 'speed tickets recomputation failed'),
  );
  /**
   * One run per event for every team that sent meanwhile: 500 teams at a point a second cost one
   * read of the event's settings and teams every debounce, not one per team.
   */
  const scheduleEvent = (eventId: string, teamId?: string) => {
    const teams = due.get(eventId);
    if (teamId === undefined) due.set(eventId, 'all');
    else if (teams === undefined) due.set(eventId, new Set([teamId]));
    else if (teams !== 'all') teams.add(teamId);
    runs.schedule(eventId);
  };

  return {
    /** Stops scheduling and waits for a running recomputation (the server's close). */
    async close(): Promise<void> {
      runs.close();
      await runs.idle();
    },

    /** Resolves when no recomputation is scheduled or running (tests). */
    idle: () => runs.idle(),

    /** Asks for the team's tickets to be recomputed shortly (coalesced). */
    scheduleTeam(eventId: string, teamId: string): void {
      scheduleEvent(eventId, teamId);
    },

    /** GET /events/:id/speedareas (event admins). */
    async areas(actor: Actor | null, eventId: string): Promise<Record<string, SpeedArea>> {
      await requireEventAdmin(store, actor, eventId);
      return speedAreasOf(await evdocOf(eventId));
    },

    /** PUT /events/:id/speedareas/:areaId (event admins): creates or replaces the area. */
    async putArea(
      actor: Actor | null,
      eventId: string,
      areaId: string,
      body: SpeedArea,
    ): Promise<SpeedArea> {
      await requireEventAdmin(store, actor, eventId);
      await store.transaction(async (repos) => {
        const data = await repos.events.findData(eventId);
        if (!data) throw notFound();
        const evdoc = fromJsonMap(data.evdoc);
        const speedareas = { ...fromJsonMap(toJson(evdoc.speedareas)), [areaId]: body };
        await repos.events.updateData(eventId, { evdoc: toJson({ ...evdoc, speedareas }) });
      });
      publish(eventId, ['speed', 'settings']);
      scheduleEvent(eventId);
      return body;
    },

    /** DELETE /events/:id/speedareas/:areaId (event admins); 404 when there is no such area. */
    async deleteArea(actor: Actor | null, eventId: string, areaId: string): Promise<void> {
      await requireEventAdmin(store, actor, eventId);
      await store.transaction(async (repos) => {
        const data = await repos.events.findData(eventId);
        if (!data) throw notFound();
        const evdoc = fromJsonMap(data.evdoc);
        const speedareas = fromJsonMap(toJson(evdoc.speedareas));
        if (!Object.hasOwn(speedareas, areaId)) throw notFound();
        delete speedareas[areaId];
        await repos.events.updateData(eventId, { evdoc: toJson({ ...evdoc, speedareas }) });
      });
      publish(eventId, ['speed', 'settings']);
      scheduleEvent(eventId);
    },

    /**
     * GET /events/:id/speedtickets: every ticket with its team, by team and time. Event admins
     * always; anyone else only while neither `hidetracks` nor `hidespeedings` is on (401 signed
     * out, else 403, as the tracks answer).
     */
    async tickets(actor: Actor | null, eventId: string): Promise<SpeedTicketRow[]> {
      const { access } = await loadEventAccess(store, actor, eventId);
      const settings = fromJsonMap(await store.tracks.settingsOf(eventId));
      const visibility = {
        hidetracks: settings.hidetracks === true,
        hidespeedings: settings.hidespeedings === true,
      };
      if (!canReadSpeedTickets(access, visibility)) throw actor ? forbidden() : unauthorized();
      const names = new Map((await store.speed.teams(eventId)).map((t) => [t.id, t.name]));
      const rows: SpeedTicketRow[] = (await store.speed.tickets(eventId)).map((r) => ({
        ...fromJsonMap(r.ticket),
        id: r.id,
        teamId: r.team_id,
        teamName: names.get(r.team_id) ?? r.team_id,
      }));
      // By team, then in time order (tickets without a time last).
      const time = (r: SpeedTicketRow) => (typeof r.t === 'number' ? r.t : Infinity);
      return rows.sort(
        (a, b) => a.teamId.localeCompare(b.teamId) || time(a) - time(b) || a.id.localeCompare(b.id),
      );
    },

    /** POST /events/:id/speedtickets/recompute (event admins): every team, now. */
    async recomputeAll(actor: Actor | null, eventId: string): Promise<RecomputeTicketsResult> {
      await requireEventAdmin(store, actor, eventId);
      // In turn with the scheduled runs: two runs at once would both store the same tickets.
      const { teams, tickets } = await store.exclusive(`speed:${eventId}`, () =>
        recompute(eventId),
      );
      return { teams, tickets };
    },
  };
}
export type SpeedService = ReturnType<typeof speedService>;
