import {
  SpeedRanges,
  parseWmtsCapabilities,
  publicMapConfig,
  readMapSetting,
  WmtsError,
} from '@rada/core';
import type { EventMapImageView, EventMapView, WmtsCapabilities } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import type { ServerConfig } from '../config.ts';
import { fromJsonMap } from '../db/json.ts';
import type { Store } from '../db/store.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canReadEventPrivate } from '../policies/event.policy.ts';
import { fetchCapabilities } from './fetchCapabilities.ts';

export interface MapServiceDeps {
  store: Store;
  config: Pick<ServerConfig, 'mapFetchAllowPrivate'>;
  /**
   * The event's own map images a reader may see (mapImages/; all of them for its admins), and
   * when the next published one becomes public for this reader (null: none to come).
   */
  images?: (
    eventId: string,
    admin: boolean,
  ) => Promise<{ images: EventMapImageView[]; changeAt: number | null }>;
}

const bounds = (v: unknown): EventMapView['eventbounds'] => {
  const b = v as EventMapView['eventbounds'];
  const ok = (p: unknown) =>
    typeof p === 'object' &&
    p !== null &&
    Number.isFinite((p as { lat: unknown }).lat) &&
    Number.isFinite((p as { lng: unknown }).lng);
  return b && ok(b.northEast) && ok(b.southWest) ? b : null;
};

/**
 * The event's maps (spec 02 "Map"): its layers for every map, private layers for its admins
 * only, and WMTS capabilities fetched on behalf of the browser.
 */
export function mapService({
  store,
  config,
  images = async () => ({ images: [], changeAt: null }),
}: MapServiceDeps) {
  return {
    /** Anyone who may see the event: its layers (private ones only for admins), area, speed colours. */
    async eventMap(actor: Actor | null, eventId: string): Promise<EventMapView> {
      const row = await store.events.findById(eventId);
      if (!row) throw notFound();
      const role = actor ? await store.events.roleOf(eventId, actor.uid) : null;
      const admin = canReadEventPrivate({ actor, role, hidden: row.hidden === 1 });
      const settings = fromJsonMap(await store.results.settingsOf(eventId));
      const record = fromJsonMap(row.record);
      const ranges = SpeedRanges.safeParse(settings.speedranges);
      const own = await images(eventId, admin);
      return {
        map: publicMapConfig(readMapSetting(settings.map ?? record.map), admin),
        eventbounds: bounds(settings.eventbounds),
        speedranges: ranges.success ? ranges.data : [],
        images: own.images,
        imagesChangeAt: own.changeAt,
      };
    },

    /**
     * A WMTS capabilities document read for the map settings editor: for event creators, super
     * admins and admins of `eventId` (so the server is no open proxy).
     */
    async capabilities(
      actor: Actor | null,
      url: string,
      eventId: string | undefined,
    ): Promise<WmtsCapabilities> {
      if (!actor) throw unauthorized();
      const admin =
        eventId !== undefined && (await store.events.roleOf(eventId, actor.uid)) !== null;
      if (!actor.superAdmin && !actor.creator && !admin) throw forbidden();
      const text = await fetchCapabilities(url, config.mapFetchAllowPrivate);
      try {
        return parseWmtsCapabilities(text, url);
      } catch (e) {
        if (e instanceof WmtsError) throw new AppError(e.key, 422);
        throw e;
      }
    },
  };
}
export type MapService = ReturnType<typeof mapService>;
