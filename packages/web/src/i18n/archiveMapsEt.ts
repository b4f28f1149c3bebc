import type { archiveMapsEn } from './archiveMapsEn.ts';

/** Estonian texts of the map images' lines in an archive job's log; same keys as archiveMapsEn.ts. */
export const archiveMapsEt: Record<keyof typeof archiveMapsEn, string> = {
  'archive.log.mapwrote':
    'Kaardipilt {{name}} kirjutatud failina {{file}} ({{bytes, number}} baiti)',
  'archive.log.mapmissing':
    'Kaardipilt {{name}}: selle fail on serverist kadunud, jäi arhiveerimata',
  'archive.log.mapsback': 'Arhiivist toodi tagasi {{maps}} kaardipilti; need lõigatakse uuesti',
};
