/**
 * The event's own map images (issue 37): an image (JPEG, PNG, GIF, WebP, TIFF) with its
 * placement on the earth, cut into tiles on the server for every grid a viewer draws. These are
 * the light shapes every side shares; the geometry (proj4) is in `@rada/core/mapImages`, which
 * only code that draws or places maps imports.
 */

/** A point on the earth, WGS84 degrees (the same shape as a KP's location). */
interface LatLng {
  lat: number;
  lng: number;
}

/** Image formats taken (by their first bytes, not their name). */
export const MAP_IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp', 'tiff'] as const;
export type MapImageFormat = (typeof MAP_IMAGE_FORMATS)[number];

/** The media types an upload may come as; the bytes decide what it is (the server's mapRead.ts). */
export const MAP_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/tiff',
  'application/vnd.google-earth.kmz',
  'application/vnd.google-earth.kml+xml',
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
] as const;

/** The largest image taken, in pixels (at least 100 megapixels, issue 37). */
export const MAP_IMAGE_MAX_PIXELS = 150_000_000;
/** The largest upload (an image or a KMZ), bytes. */
export const MAP_IMAGE_MAX_BYTES = 300 * 1024 * 1024;
/** Map images an event may have. */
export const MAP_IMAGES_PER_EVENT = 20;
/** Control points of a hand placement. */
export const MAP_PLACEMENT_MAX_POINTS = 50;

/** A point picked on the image (pixels, u right and v down) and the same point on the earth. */
export interface ControlPoint {
  u: number;
  v: number;
  lat: number;
  lng: number;
}

export const PLACEMENT_SOURCES = ['kml', 'worldfile', 'geotiff', 'points'] as const;
export type PlacementSource = (typeof PLACEMENT_SOURCES)[number];

/**
 * Where an image lies. `h` is a row-major 3 × 3 homography from image pixels to coordinates in
 * `crs`: [x·w, y·w, w] = H · [u, v, 1], where (u, v) = (0, 0) is the top-left corner of the
 * top-left pixel, u grows right and v down, and x is easting (or longitude), y northing (or
 * latitude). Affine when h[6] = h[7] = 0 and h[8] = 1 (world files, GeoTIFF, three points).
 */
export interface MapPlacement {
  /** 'EPSG:4326', 'EPSG:3857', 'EPSG:3301', a UTM zone ('EPSG:326nn', 'EPSG:327nn',
   *  'EPSG:258nn') or a proj4 definition ('+proj=…'). */
  crs: string;
  h: number[];
  /** How it was found (shown to the admin). */
  source: PlacementSource;
  /** A hand placement's points (kept to edit it again) and the model fitted to them. */
  points?: ControlPoint[];
  model?: 'affine' | 'projective';
}

/** The tile grids tiles are cut in: Web Mercator, and L-EST97 as Maa-amet's tiles use it. */
export const TILE_GRIDS = ['3857', '3301'] as const;
export type TileGrid = (typeof TILE_GRIDS)[number];

export const MAP_TILE_STATES = ['unplaced', 'cutting', 'ready', 'failed'] as const;
export type MapTileState = (typeof MAP_TILE_STATES)[number];

/** One grid's tiles of a map: native zoom levels, and the bytes of all of them. */
export interface MapTileSet {
  minZoom: number;
  maxZoom: number;
  bytes: number;
  count: number;
}

/** GET /api/events/:id/maps, and `images` of GET /api/events/:id/map. */
export interface EventMapImageView {
  id: string;
  name: string;
  width: number;
  height: number;
  format: MapImageFormat;
  /** Bytes of the original file. */
  bytes: number;
  placement: MapPlacement | null;
  /** The image's corners on the earth: top-left, top-right, bottom-right, bottom-left. */
  corners: [LatLng, LatLng, LatLng, LatLng] | null;
  state: MapTileState;
  /** 0–1 while cutting, else null. */
  progress: number | null;
  /** The failure's error key when state is 'failed'. */
  error: string | null;
  /**
   * The tiles once ready: a URL template with {grid} (a TileGrid), and Leaflet's {z}, {x}, {y};
   * the versioned URL never changes its bytes (cached immutable).
   */
  tiles: { url: string; grids: Partial<Record<TileGrid, MapTileSet>> } | null;
  /** Seen by others than the event's admins (from publicFrom on). */
  published: boolean;
  /** Hidden from all but the admins before this time (ms), null: as soon as published. */
  publicFrom: number | null;
  /** Kept in the uploader's map library to reuse in later events. */
  inLibrary: boolean;
  /** Order among the event's maps (drawn in it, the first on top of the base map first). */
  position: number;
  createdAt: number;
}

/** GET /api/maps/library: the signed-in user's kept maps. */
export interface LibraryMapView {
  id: string;
  name: string;
  width: number;
  height: number;
  format: MapImageFormat;
  bytes: number;
  corners: [LatLng, LatLng, LatLng, LatLng] | null;
  createdAt: number;
  /** Events that use it now. */
  events: number;
}
