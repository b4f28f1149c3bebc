import { plainDecimal } from '../xmlText.ts';
import { byKpNumber, isFinishKp } from './courseData.ts';
import type { Checkpoint, LatLng } from './types.ts';
import { escapeXml } from './xml.ts';

/** The KML 2.2 namespace (OGC). */
export const KML_NAMESPACE = 'http://www.opengis.net/kml/2.2';

export interface KmlExportOptions {
  eventName: string;
  /** The event's start location (`startloc` setting): the placemark S1 (and F1 without a KP F). */
  startloc?: LatLng | null;
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const located = (loc: unknown): LatLng | null => {
  const l = loc as Partial<LatLng> | null | undefined;
  return l && isFiniteNumber(l.lat) && isFiniteNumber(l.lng) ? { lat: l.lat, lng: l.lng } : null;
};

function placemark(name: string, loc: LatLng, desc: string): string {
  return [
    '      <Placemark>',
    `        <name>${escapeXml(name)}</name>`,
    ...(desc === '' ? [] : [`        <description>${escapeXml(desc)}</description>`]),
    `        <Point><coordinates>${plainDecimal(loc.lng)},${plainDecimal(loc.lat)}</coordinates></Point>`,
    '      </Placemark>',
  ].join('\n');
}

/**
 * Writes the event's located checkpoints as KML 2.2 for MapRun and Google Earth
 * (docs/kp-import.md), shaped as Purple Pen writes it for MapRun (a `Folder` of placemarks): a
 * `Placemark` per KP named with its number, its description as `description` and a `Point` at
 * `lng,lat`. MapRun wants the list to begin with the start `S1`
 * and end with the finish `F1`: S1 is the event's start location, F1 the KP F (or else the start
 * location); without either they are left out. Cancelled KPs and KPs without a location are left
 * out too.
 */
export function exportCheckpointsKml(cps: Checkpoint[], options: KmlExportOptions): string {
  const start = located(options.startloc);
  const finishKp = cps.find(isFinishKp);
  const finish = finishKp ? located(finishKp.data.loc) : start;
  const marks: string[] = [];
  if (start) marks.push(placemark('S1', start, ''));
  for (const cp of [...cps].sort(byKpNumber)) {
    if (isFinishKp(cp) || cp.kp.tyhistatud === true) continue;
    const loc = located(cp.data.loc);
    if (!loc) continue;
    const desc = typeof cp.data.desc === 'string' ? cp.data.desc.trim() : '';
    marks.push(placemark(String(cp.kp.nr).trim(), loc, desc));
  }
  if (finish) {
    const desc = finishKp && typeof finishKp.data.desc === 'string' ? finishKp.data.desc : '';
    marks.push(placemark('F1', finish, desc.trim()));
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<kml xmlns="${KML_NAMESPACE}">`,
    '  <Document>',
    `    <name>${escapeXml(options.eventName)}</name>`,
    '    <Folder>',
    `      <name>${escapeXml(options.eventName)}</name>`,
    ...marks,
    '    </Folder>',
    '  </Document>',
    '</kml>',
    '',
  ].join('\n');
}
