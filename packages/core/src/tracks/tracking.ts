// Tracking with the phone in a pocket (docs/tracking.md): positions from background-capable apps
// (Traccar Client, OsmAnd, OwnTracks, GPSLogger) through a per-device secret URL, and from GPS
// trackers through a Traccar server's position forwarding. This file is the contract shared by
// the server, the web app and the tests; the parsers of the apps' requests are in foreign.ts.

import { operationRoute } from '../contract/operations.ts';

/** Where a team's points come from: Rada's own participant app, a background app, or a tracker. */
export const TRACK_SOURCES = [
  'app',
  'traccar',
  'osmand',
  'owntracks',
  'gpslogger',
  'tracker',
] as const;
export type TrackSource = (typeof TRACK_SOURCES)[number];

/** The background apps a tracking link is made for (each has its own setup steps). */
export const TRACKING_APPS = ['traccar', 'osmand', 'owntracks', 'gpslogger'] as const;
export type TrackingApp = (typeof TRACKING_APPS)[number];

/** `/api` and the path of `operation` before its `/:secret` (contract/operations.ts). */
const beforeSecret = (operation: 'appLocations' | 'traccarLocation') =>
  `/api${operationRoute(operation).path.replace(/\/:secret$/, '')}`;

/** The path of a tracking link's ingest URL: `${origin}${TRACKING_LINK_PATH}/${secret}`. */
export const TRACKING_LINK_PATH = beforeSecret('appLocations');
/**
 * The path of an event's Traccar server forwarding URL: `${origin}${TRACKER_FEED_PATH}/${secret}`.
 */
export const TRACKER_FEED_PATH = beforeSecret('traccarLocation');

/** The most tracking links (apps and trackers together) one team may have. */
export const TRACKING_LINKS_PER_TEAM = 10;

/** How often the background apps are set up to send a point (seconds). */
export const TRACKING_APP_INTERVAL_S = 10;

/** One tracking link or tracker of a team, as its team and the event's admins see it. */
export interface TrackingLinkView {
  id: string;
  eventId: string;
  teamId: string;
  app: TrackingApp | 'tracker';
  /** The team device the link's points are stored under (the team's `devs` has it). */
  deviceId: string;
  /** `${TRACKING_LINK_PATH}/${secret}` for an app link (prefix the origin); null for a tracker. */
  path: string | null;
  /** The tracker's unique id in the Traccar server (app 'tracker' only). */
  trackerId: string | null;
  createdAt: number;
  /** When the link last delivered a request, and the time of its newest stored point. */
  lastSeen: number | null;
  lastT: number | null;
}

/** GET /api/events/:id/tracking (event admins): the Traccar forwarding URL and every link. */
export interface EventTrackingView {
  /** `${TRACKER_FEED_PATH}/${secret}`, or null until an admin turns forwarding on. */
  feedPath: string | null;
  links: TrackingLinkView[];
}
