import { z } from 'zod';
import {
  TRACKER_FEED_PATH,
  TRACKING_APPS,
  TRACKING_LINK_PATH,
  TRACKING_LINKS_PER_TEAM,
} from '../tracks/tracking.ts';
import type { EventTrackingView, TrackingLinkView } from '../tracks/tracking.ts';
import { CreateTrackingLinkBody } from '../tracks/trackingSchemas.ts';
import { EventParams } from './common.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';
import { TeamParams } from './teams.ts';
import { IngestResultSchema } from './tracks.ts';

const TrackingLinkSchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    teamId: z.string(),
    app: z.enum([...TRACKING_APPS, 'tracker']),
    deviceId: z.string().describe("The team device the link's points are stored under"),
    path: z
      .string()
      .nullable()
      .describe(
        `\`${TRACKING_LINK_PATH}/{secret}\` of an app link (prefix the origin); null for a tracker`,
      ),
    trackerId: z.string().nullable().describe("The tracker's unique id in the Traccar server"),
    createdAt: z.number(),
    lastSeen: z.number().nullable().describe('When the link last delivered a request'),
    lastT: z.number().nullable().describe('The time of its newest stored point'),
  })
  .meta({ id: 'TrackingLink' }) satisfies z.ZodType<TrackingLinkView>;

const EventTrackingSchema = z
  .object({
    feedPath: z
      .string()
      .nullable()
      .describe(`\`${TRACKER_FEED_PATH}/{secret}\`, or null while forwarding is off`),
    links: z.array(TrackingLinkSchema),
  })
  .meta({ id: 'EventTracking' }) satisfies z.ZodType<EventTrackingView>;

const LinkParams = EventParams.extend({
  linkId: z.string().min(1).max(100).describe("The link's id"),
});

/**
 * `:secret` of an ingest URL. Any string passes here: the handler answers 404
 * tracking.error.unknownlink for one no link can have (TrackingSecret), as for an unknown one.
 */
const SecretParams = z.object({
  secret: z.string().describe("The link's (or the event's Traccar feed's) secret"),
});

const TEAM_ACCESS = "The team's members and event admins";
const ARCHIVED = { 409: ['teams.error.archived'] } as const;
const INGEST_ACCESS = 'Anyone with the secret URL (the secret is the credential; no session)';
const INGEST_ERRORS = {
  400: ['tracking.error.badformat', 'tracking.error.nolocation', 'tracking.error.encrypted'],
  404: ['tracking.error.unknownlink'],
  413: ['error.toolarge'],
} as const;
/**
 * What the background apps send: forms, text or JSON, and GPSLogger whatever type its user
 * typed in (read as text).
 */
const APP_BODY_TYPES = [
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/json',
  '*/*',
];
/** A background app's answer: what the points did, or `[]` to OwnTracks (its friends). */
const AppAnswer = z.union([IngestResultSchema, z.array(z.never()).describe('To OwnTracks')]);

/** Devices, tracking links, the Traccar feed and their ingest (docs/tracking.md). */
export const trackingContract = {
  trackingLinks: {
    summary: "A team's tracking links and trackers, oldest first",
    access: TEAM_ACCESS,
    params: TeamParams,
    answer: z.array(TrackingLinkSchema),
    errors: EVENT_ADMIN_ERRORS,
  },
  createTrackingLink: {
    summary: 'Makes a tracking link for a background app, or links a GPS tracker',
    description:
      'The link gets a device of its own in the team, under which its points are stored. ' +
      `A team has at most ${TRACKING_LINKS_PER_TEAM} links. Trackers (by their Traccar unique ` +
      'id) are for event admins only.',
    access: `${TEAM_ACCESS} (trackers: event admins)`,
    params: TeamParams,
    body: CreateTrackingLinkBody,
    answer: TrackingLinkSchema,
    status: 201,
    errors: {
      400: ['error.validation'],
      ...EVENT_ADMIN_ERRORS,
      409: ['tracking.error.toomany', 'tracking.error.trackertaken', 'teams.error.archived'],
    },
  },
  deleteTrackingLink: {
    summary: 'Deletes a tracking link: its URL stops working; its device and track stay',
    access: TEAM_ACCESS,
    params: LinkParams,
    answer: null,
    errors: { ...EVENT_ADMIN_ERRORS, ...ARCHIVED },
  },
  eventTracking: {
    summary: "The event's Traccar forwarding path and every tracking link",
    access: 'Event admins',
    params: EventParams,
    answer: EventTrackingSchema,
    errors: EVENT_ADMIN_ERRORS,
  },
  enableTrackerFeed: {
    summary: "Turns the event's Traccar forwarding on with a new secret",
    description: 'An earlier forwarding URL stops working.',
    access: 'Event admins',
    params: EventParams,
    answer: EventTrackingSchema,
    errors: { ...EVENT_ADMIN_ERRORS, ...ARCHIVED },
  },
  disableTrackerFeed: {
    summary: "Turns the event's Traccar forwarding off",
    access: 'Event admins',
    params: EventParams,
    answer: null,
    errors: EVENT_ADMIN_ERRORS,
  },
  appLocationGet: {
    summary: 'A position from a background app that sends GET (OsmAnd, GPSLogger)',
    description:
      'The position is in the query string (OsmAnd protocol: `lat`, `lon`, `timestamp`, ...). ' +
      'HEAD is not answered (a link checker stores nothing).',
    access: INGEST_ACCESS,
    params: SecretParams,
    answer: AppAnswer,
    errors: INGEST_ERRORS,
  },
  appLocations: {
    summary: 'Positions from a background app (Traccar Client, OsmAnd, OwnTracks, GPSLogger)',
    description:
      'The body is what the app sends: Traccar Client JSON, an OsmAnd form or query, an ' +
      'OwnTracks message (answered with `[]`, the friends OwnTracks reads), GPSLogger text.',
    access: INGEST_ACCESS,
    params: SecretParams,
    bodyTypes: APP_BODY_TYPES,
    answer: AppAnswer,
    errors: INGEST_ERRORS,
  },
  traccarLocation: {
    summary: "A position forwarded by the event's Traccar server",
    description:
      "The tracker's unique id names a tracker link of the event; a tracker no link names " +
      'is answered `known: false` (200, so that Traccar does not retry).',
    access: 'The Traccar server with the event’s forwarding URL (the secret is the credential)',
    params: SecretParams,
    bodyTypes: ['application/json'],
    answer: IngestResultSchema,
    errors: INGEST_ERRORS,
  },
} as const satisfies Declarations<
  | 'trackingLinks'
  | 'createTrackingLink'
  | 'deleteTrackingLink'
  | 'eventTracking'
  | 'enableTrackerFeed'
  | 'disableTrackerFeed'
  | 'appLocationGet'
  | 'appLocations'
  | 'traccarLocation'
>;
