import type { EventMapImageView } from '../mapImages/types.ts';
import type { MapSetting, SpeedRange } from './mapConfig.ts';

/** GET /api/events/:id/map: what every map of the event draws. */
export interface EventMapView {
  /** The event's layers; private ones only for its admins. */
  map: MapSetting;
  /** The event's area (`eventbounds`), which maps fit and offline maps download. */
  eventbounds: {
    northEast: { lat: number; lng: number };
    southWest: { lat: number; lng: number };
  } | null;
  /** `speedranges`: track colours by speed. */
  speedranges: SpeedRange[];
  /** The event's own map images this reader may see (all for its admins; for others the
   *  published ones from their publicFrom on), in `position` order. */
  images: EventMapImageView[];
  /** When a published map image this reader does not see yet becomes public (the earliest
   *  publicFrom still to come, ms), so an open page reads the map again then; null: none. */
  imagesChangeAt: number | null;
}

/** The keys of the commercial map providers (configuration); a provider without one is hidden. */
export interface MapKeys {
  google: string | null;
  bing: string | null;
}
