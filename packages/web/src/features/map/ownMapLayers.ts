import L from 'leaflet';
import type { EventMapImageView, EventMapView, MapTileSet, TileGrid } from '@rada/core';
import { TRANSPARENT_TILE } from './markerIcon.ts';
import { tilesInArea } from './offlineTiles.ts';
import type { TileCoords } from './offlineTiles.ts';

/**
 * The event's own map images as the viewers draw them (issue 37, docs/map-images.md "Viewers"):
 * which images can be drawn, in which tile grid, at which zooms, and where their tiles lie.
 * Plain functions over the map view; OwnMapLayers.tsx puts them on a Leaflet map.
 */

/** A map image whose tiles are cut and whose corners are known. */
export type DrawableImage = EventMapImageView & {
  tiles: NonNullable<EventMapImageView['tiles']>;
  corners: NonNullable<EventMapImageView['corners']>;
};

/** Zoom levels drawn beyond an image's finest tiles (scaled up: a KP can be placed precisely). */
export const OWN_MAP_OVERZOOM = 3;
/**
 * Zoom levels drawn below an image's coarsest tiles (scaled down). Few: Leaflet walks every tile
 * address of the view at the coarsest level, 4^n of them.
 */
export const OWN_MAP_UNDERZOOM = 2;
/** The finest zoom of the national grid (LEST_CRS has 19 resolutions). */
const GRID_MAX_ZOOM: Record<TileGrid, number> = { '3857': 22, '3301': 18 };
/** Tile panes' order: base maps and the event's overlays are at 1, the images above them. */
const OWN_MAP_Z_INDEX = 10;

/** The images of a map view that can be drawn now: ready, placed and with tiles. */
export function drawableImages(view: Pick<EventMapView, 'images'> | undefined): DrawableImage[] {
  return (view?.images ?? []).filter(
    (i): i is DrawableImage => i.state === 'ready' && i.tiles !== null && i.corners !== null,
  );
}

/** The tile grid a Leaflet CRS draws in: the national grid for L-EST97, else Web Mercator. */
export const gridOf = (crs: L.CRS | undefined): TileGrid =>
  crs?.code === 'EPSG:3301' ? '3301' : '3857';

/** The Leaflet URL template of an image's tiles in `grid` ({z}, {x}, {y} left for Leaflet). */
export const ownMapTemplate = (image: DrawableImage, grid: TileGrid): string =>
  image.tiles.url.replaceAll('{grid}', grid);

/** The address of one tile of an image in `grid`. */
export const ownMapTileUrl = (image: DrawableImage, grid: TileGrid, c: TileCoords): string =>
  L.Util.template(ownMapTemplate(image, grid), { x: c.x, y: c.y, z: c.z });

/** The image's corners as Leaflet bounds, a little padded (its edges may bow between them). */
export const ownMapBounds = (image: DrawableImage): L.LatLngBounds =>
  L.latLngBounds(image.corners.map((c) => [c.lat, c.lng] as L.LatLngTuple)).pad(0.02);

/** The zoom options of an image's tile layer in `grid`, or null when it has no tiles there. */
export interface OwnMapZooms {
  minNativeZoom: number;
  maxNativeZoom: number;
  minZoom: number;
  maxZoom: number;
}

/** The zooms an image is drawn at in `grid`, or null when its tiles were not cut for it. */
export function ownMapZooms(image: DrawableImage, grid: TileGrid): OwnMapZooms | null {
  const set = image.tiles.grids[grid];
  if (!set) return null;
  return {
    minNativeZoom: set.minZoom,
    maxNativeZoom: set.maxZoom,
    minZoom: Math.max(0, set.minZoom - OWN_MAP_UNDERZOOM),
    maxZoom: Math.min(GRID_MAX_ZOOM[grid], set.maxZoom + OWN_MAP_OVERZOOM),
  };
}

/**
 * The finest zoom any of `images` is drawn at in `grid` (a map lets one zoom in that far even
 * when its base map stops earlier), or null without any.
 */
export function ownMapMaxZoom(images: readonly DrawableImage[], grid: TileGrid): number | null {
  const zooms = images.flatMap((i) => ownMapZooms(i, grid)?.maxZoom ?? []);
  return zooms.length === 0 ? null : Math.max(...zooms);
}

/**
 * One image as a Leaflet tile layer that follows the map's CRS: on Web Mercator it draws the
 * image's '3857' tiles, on the national grid its '3301' ones, with that grid's native zooms;
 * in a CRS it has no tiles for, it draws nothing (`missing`). Only tiles inside the image's
 * corners are asked for; a tile that fails is transparent.
 */
export class OwnMapTileLayer extends L.TileLayer {
  /** The grid it draws now; null until added to a map. */
  grid: TileGrid | null = null;
  /** Whether the image has no tiles for the map's CRS. */
  missing = false;

  constructor(
    readonly image: DrawableImage,
    index: number,
    opacity: number,
  ) {
    super(ownMapTemplate(image, '3857'), {
      tileSize: 256,
      bounds: ownMapBounds(image),
      errorTileUrl: TRANSPARENT_TILE,
      opacity,
      zIndex: OWN_MAP_Z_INDEX + index,
      // Tiles are served from the app's own origin; no credit line of their own.
      attribution: '',
      ...(ownMapZooms(image, '3857') ?? {}),
    });
  }

  /** Draws the grid of `crs`: its URL and native zooms, or nothing when it has none. */
  followCrs(crs: L.CRS | undefined): void {
    const grid = gridOf(crs);
    const zooms = ownMapZooms(this.image, grid);
    this.grid = grid;
    this.missing = zooms === null;
    if (zooms) Object.assign(this.options, zooms);
    this.setUrl(ownMapTemplate(this.image, grid), true);
  }

  /**
   * Takes no part in the map's zoom range (Leaflet's zoom limits): added before the base map, an
   * image's coarsest zoom would zoom the whole map in to it. BaseLayers lets the map zoom in as
   * far as the images draw.
   */
  override beforeAdd(): this {
    return this;
  }

  override onAdd(map: L.Map): this {
    this.followCrs(map.options.crs);
    return super.onAdd(map);
  }

  override getEvents(): Record<string, L.LeafletEventHandlerFn> {
    const events = L.GridLayer.prototype.getEvents?.call(this) ?? {};
    const invalidate = events.viewprereset;
    return {
      ...events,
      // A CRS switch (crs.ts switchCrs) resets the view: take the new grid before tiles reload.
      viewprereset: (e: L.LeafletEvent) => {
        this.followCrs((this._map as L.Map | undefined)?.options.crs);
        invalidate?.call(this, e);
      },
    };
  }

  protected _isValidTile(coords: L.Coords): boolean {
    if (this.missing) return false;
    return (
      L.TileLayer.prototype as unknown as { _isValidTile(c: L.Coords): boolean }
    )._isValidTile.call(this, coords);
  }
}

/** The part of an image's tiles an offline package takes, and their size. */
export interface OwnMapOffline {
  image: DrawableImage;
  grid: TileGrid;
  coords: TileCoords[];
  /** Estimated bytes: the grid's bytes by the share of its tile addresses taken. */
  bytes: number;
}

type Area = NonNullable<EventMapView['eventbounds']>;

/** The intersection of two areas, or null when they do not overlap. */
function overlap(a: Area, b: Area): Area | null {
  const south = Math.max(a.southWest.lat, b.southWest.lat);
  const west = Math.max(a.southWest.lng, b.southWest.lng);
  const north = Math.min(a.northEast.lat, b.northEast.lat);
  const east = Math.min(a.northEast.lng, b.northEast.lng);
  if (south >= north || west >= east) return null;
  return { southWest: { lat: south, lng: west }, northEast: { lat: north, lng: east } };
}

/** The area the images cover together (the box around their corners), or null without any. */
export function imagesArea(images: readonly DrawableImage[]): Area | null {
  if (images.length === 0) return null;
  const b = L.latLngBounds([]);
  for (const image of images) b.extend(ownMapBounds(image));
  return {
    southWest: { lat: b.getSouth(), lng: b.getWest() },
    northEast: { lat: b.getNorth(), lng: b.getEast() },
  };
}

/** An image's corners as an area (its bounding box). */
function areaOf(image: DrawableImage): Area {
  const b = L.latLngBounds(image.corners.map((c) => [c.lat, c.lng] as L.LatLngTuple));
  return {
    southWest: { lat: b.getSouth(), lng: b.getWest() },
    northEast: { lat: b.getNorth(), lng: b.getEast() },
  };
}

/**
 * The tiles of `image` an offline package takes for the event area (the whole image without
 * one) in `grid`, at every zoom it was cut at, and their estimated size: MapTileSet.bytes by the
 * share of the image's tile addresses that fall in the area. Null when the image has no tiles in
 * that grid or lies outside the area; `limit` caps the tiles.
 */
export function ownMapOffline(
  image: DrawableImage,
  grid: TileGrid,
  area: Area | null,
  limit: number,
): OwnMapOffline | null {
  const set: MapTileSet | undefined = image.tiles.grids[grid];
  if (!set) return null;
  const whole = areaOf(image);
  const taken = area ? overlap(area, whole) : whole;
  if (!taken) return null;
  const crs = grid === '3301' ? 'EPSG:3301' : 'EPSG:3857';
  const coords = tilesInArea(taken, crs, set.minZoom, set.maxZoom, limit);
  const all = area ? tilesInArea(whole, crs, set.minZoom, set.maxZoom, Infinity).length : 0;
  const share = area && all > 0 ? Math.min(1, coords.length / all) : 1;
  return { image, grid, coords, bytes: Math.round(set.bytes * share) };
}

/** What a reader chose for an event's map images: how opaque, and whether they are shown. */
export interface OwnMapPrefs {
  opacity: number;
  /** "Base map only": the quick switch turned the images off. */
  hidden: boolean;
}

export const DEFAULT_OWN_MAP_PREFS: OwnMapPrefs = { opacity: 1, hidden: false };
const prefsKey = (eventId: string) => `rada.ownmap.${eventId}`;

/** The reader's choice for `eventId` (localStorage), else the defaults. */
export function readOwnMapPrefs(eventId: string): OwnMapPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(prefsKey(eventId)) ?? 'null') as unknown;
    if (!raw || typeof raw !== 'object') return DEFAULT_OWN_MAP_PREFS;
    const { opacity, hidden } = raw as Record<string, unknown>;
    return {
      opacity:
        typeof opacity === 'number' && Number.isFinite(opacity)
          ? Math.min(1, Math.max(0, opacity))
          : DEFAULT_OWN_MAP_PREFS.opacity,
      hidden: hidden === true,
    };
  } catch {
    return DEFAULT_OWN_MAP_PREFS;
  }
}

/** Keeps the reader's choice for `eventId` (private browsing: for this page only). */
export function writeOwnMapPrefs(eventId: string, prefs: OwnMapPrefs): void {
  try {
    localStorage.setItem(prefsKey(eventId), JSON.stringify(prefs));
  } catch {
    // Storage refused: the choice lasts while the page is open.
  }
}
