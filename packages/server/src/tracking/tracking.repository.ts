import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';

export type TrackingLinkRow = Database['tracking_links'];
export type TrackerFeedRow = Database['tracker_feeds'];

/** A link with its device's last request and last stored point (the view's lastSeen, lastT). */
export type TrackingLinkWithDevice = TrackingLinkRow & {
  last_seen: number | null;
  last_t: number | null;
};

// The look-ups of every ingest request, built once (db/prepared.ts): one indexed read each.
const linkBySecret = prepared((db, secret: string) =>
  db
    .selectFrom('tracking_links')
    .select(['id', 'event_id', 'device_id', 'app'])
    .where('secret', '=', secret),
);
const feedTarget = prepared((db, trackerId: string, secret: string) =>
  db
    .selectFrom('tracker_feeds')
    .leftJoin('tracking_links', (join) =>
      join
        .onRef('tracking_links.event_id', '=', 'tracker_feeds.event_id')
        .on('tracking_links.tracker_id', '=', trackerId),
    )
    .select(['tracker_feeds.event_id', 'tracking_links.device_id'])
    .where('tracker_feeds.secret', '=', secret),
);

/** Tracking links of teams and events' Traccar forwarding secrets (migration 0018). */
export function trackingRepository(db: Kysely<Database>) {
  const withDevice = () =>
    db
      .selectFrom('tracking_links')
      .leftJoin('devices', 'devices.id', 'tracking_links.device_id')
      .selectAll('tracking_links')
      .select(['devices.last_seen', 'devices.last_t']);
  return {
    /** The app link of an ingest URL's secret (its device and app), or undefined. */
    linkBySecret: async (
      secret: string,
    ): Promise<Pick<TrackingLinkRow, 'id' | 'event_id' | 'device_id' | 'app'> | undefined> =>
      (await linkBySecret(db, secret)).rows[0],

    /**
     * The event of a Traccar forwarding secret and the device of its tracker link for
     * `trackerId` (null when no link names it); undefined for an unknown secret.
     */
    feedTarget: async (
      secret: string,
      trackerId: string,
    ): Promise<{ event_id: string; device_id: string | null } | undefined> =>
      (await feedTarget(db, trackerId, secret)).rows[0],

    /** The event whose Traccar forwarding secret this is, or undefined. */
    feedBySecret: (secret: string) =>
      db
        .selectFrom('tracker_feeds')
        .select('event_id')
        .where('secret', '=', secret)
        .executeTakeFirst(),

    /** The event's forwarding row, or undefined while forwarding is off. */
    feedOf: (eventId: string): Promise<TrackerFeedRow | undefined> =>
      db.selectFrom('tracker_feeds').selectAll().where('event_id', '=', eventId).executeTakeFirst(),

    /** Turns forwarding on with `secret`, replacing an earlier one. */
    async setFeed(row: TrackerFeedRow): Promise<void> {
      await db.deleteFrom('tracker_feeds').where('event_id', '=', row.event_id).execute();
      await db.insertInto('tracker_feeds').values(row).execute();
    },

    /** Turns forwarding off; true when it was on. */
    deleteFeed: async (eventId: string): Promise<boolean> =>
      Number(
        (await db.deleteFrom('tracker_feeds').where('event_id', '=', eventId).executeTakeFirst())
          .numDeletedRows,
      ) > 0,

    /** A team's links, oldest first. */
    linksOfTeam: (eventId: string, teamId: string): Promise<TrackingLinkWithDevice[]> =>
      withDevice()
        .where('tracking_links.event_id', '=', eventId)
        .where('tracking_links.team_id', '=', teamId)
        .orderBy('tracking_links.created_at')
        .orderBy('tracking_links.id')
        .execute(),

    /** Every link of the event, team by team, oldest first. */
    linksOfEvent: (eventId: string): Promise<TrackingLinkWithDevice[]> =>
      withDevice()
        .where('tracking_links.event_id', '=', eventId)
        .orderBy('tracking_links.team_id')
        .orderBy('tracking_links.created_at')
        .orderBy('tracking_links.id')
        .execute(),

    findLink: (eventId: string, linkId: string): Promise<TrackingLinkWithDevice | undefined> =>
      withDevice()
        .where('tracking_links.event_id', '=', eventId)
        .where('tracking_links.id', '=', linkId)
        .executeTakeFirst(),

    /** How many links the team has. */
    countOfTeam: async (eventId: string, teamId: string): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('tracking_links')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('event_id', '=', eventId)
            .where('team_id', '=', teamId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Whether a tracker link of the event has this tracker id. */
    trackerTaken: async (eventId: string, trackerId: string): Promise<boolean> =>
      (await db
        .selectFrom('tracking_links')
        .select('id')
        .where('event_id', '=', eventId)
        .where('tracker_id', '=', trackerId)
        .executeTakeFirst()) !== undefined,

    insertLink: (row: TrackingLinkRow) => db.insertInto('tracking_links').values(row).execute(),

    deleteLink: (eventId: string, linkId: string) =>
      db
        .deleteFrom('tracking_links')
        .where('event_id', '=', eventId)
        .where('id', '=', linkId)
        .execute(),

    /** Removes a team's links (the team is being deleted). Call inside its transaction. */
    deleteOfTeam: (eventId: string, teamId: string) =>
      db
        .deleteFrom('tracking_links')
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .execute(),

    /** A link's device row: no user, the team's, its app in `info`. */
    insertDevice: (row: Database['devices']) => db.insertInto('devices').values(row).execute(),
  };
}
export type TrackingRepository = ReturnType<typeof trackingRepository>;
