/**
 * `@rada/core/mapImages`: the geometry of map images (proj4), for the code that places, cuts
 * and draws them; kept out of the main entry so pages without maps do not load proj4.
 */
export * from './index.ts';
export * from './homography.ts';
export * from './crs.ts';
export * from './placement.ts';
export * from './kml.ts';
export * from './worldFile.ts';
export * from './geoTiffKeys.ts';
export * from './fit.ts';
export * from './crsChoices.ts';
