import { gpxLat, gpxLon } from '../xmlText.ts';
import { parseNrCell } from './csvColumns.ts';
import { kpNrKey } from './plan.ts';
import {
  checkInput,
  importIssue,
  type ImportIssue,
  type ImportPreview,
  type ImportRow,
} from './preview.ts';
import type { Checkpoint } from './types.ts';
import {
  childElements,
  escapeXml,
  localName,
  parseXml,
  textOf,
  XmlSyntaxError,
  type XmlElement,
} from './xml.ts';

/** The namespace of our `<rada:kp>` extension element, which carries a whole checkpoint as JSON. */
export const RADA_GPX_NAMESPACE = 'urn:rada:gpx:checkpoint:1';

type JsonMap = Record<string, unknown>;
const isMap = (v: unknown): v is JsonMap =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function kpElement(cp: Checkpoint): string {
  const json = JSON.stringify({ id: cp.id, kp: cp.kp, data: cp.data, answer: cp.answer ?? null });
  return `<rada:kp>${escapeXml(json)}</rada:kp>`;
}

/**
 * Writes checkpoints as GPX 1.1: a `<wpt>` per located checkpoint with `<name>` = nr and
 * `<desc>` = description, so any GPS tool shows them; each carries the whole checkpoint as JSON
 * in `<extensions><rada:kp>`. Checkpoints without a location go to the file's own
 * `<extensions>`, so the file imports back to the same checkpoints.
 */
export function exportCheckpointsGpx(cps: Checkpoint[], eventName: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="Rada" xmlns="http://www.topografix.com/GPX/1/1" xmlns:rada="${RADA_GPX_NAMESPACE}">`,
    `  <metadata><name>${escapeXml(eventName)}</name></metadata>`,
  ];
  const unplaced: Checkpoint[] = [];
  for (const cp of cps) {
    const loc = cp.data.loc;
    if (!loc || !isFiniteNumber(loc.lat) || !isFiniteNumber(loc.lng)) {
      unplaced.push(cp);
      continue;
    }
    lines.push(`  <wpt lat="${gpxLat(loc.lat)}" lon="${gpxLon(loc.lng)}">`);
    lines.push(`    <name>${escapeXml(String(cp.kp.nr))}</name>`);
    if (typeof cp.data.desc === 'string' && cp.data.desc !== '')
      lines.push(`    <desc>${escapeXml(cp.data.desc)}</desc>`);
    lines.push(`    <extensions>${kpElement(cp)}</extensions>`);
    lines.push('  </wpt>');
  }
  if (unplaced.length > 0) {
    lines.push('  <extensions>');
    for (const cp of unplaced) lines.push(`    ${kpElement(cp)}`);
    lines.push('  </extensions>');
  }
  lines.push('</gpx>');
  return `${lines.join('\n')}\n`;
}

/** The checkpoint in a `<rada:kp>` element, or null with an error. */
function readKpElement(el: XmlElement, errors: ImportIssue[]): JsonMap | null {
  try {
    const value: unknown = JSON.parse(textOf(el));
    if (isMap(value) && isMap(value.kp)) return value;
  } catch {
    // reported below
  }
  errors.push(importIssue('kpimport.err.badkpextension', { field: el.name }));
  return null;
}

function readDegrees(el: XmlElement, attr: 'lat' | 'lon', errors: ImportIssue[]): number | null {
  const raw = el.attrs[attr]?.trim() ?? '';
  const value = raw === '' ? NaN : Number(raw);
  if (Number.isFinite(value)) return value;
  const field = attr === 'lat' ? 'lat' : 'lng';
  errors.push(
    raw === ''
      ? importIssue('kpimport.err.missing', { field })
      : importIssue('kpimport.err.notnumber', { field, value: raw }),
  );
  return null;
}

function waypointRow(wpt: XmlElement): ImportRow {
  const errors: ImportIssue[] = [];
  const lat = readDegrees(wpt, 'lat', errors);
  const lng = readDegrees(wpt, 'lon', errors);
  const loc = lat !== null && lng !== null ? { lat, lng } : undefined;
  const nameEl = childElements(wpt, 'name')[0];
  const name = nameEl ? textOf(nameEl).trim() : '';
  const descEl = childElements(wpt, 'desc')[0] ?? childElements(wpt, 'cmt')[0];
  const desc = descEl ? textOf(descEl).trim() : '';
  const kpEl = childElements(wpt, 'extensions').flatMap((e) => childElements(e, 'kp'))[0];
  let candidate: JsonMap;
  if (kpEl) {
    const stored = readKpElement(kpEl, errors);
    if (!stored) return { line: wpt.line, input: null, errors };
    // Edits made in another GPS tool (moved point, renamed, new description) win.
    const kp = { ...(stored.kp as JsonMap) };
    const data: JsonMap = isMap(stored.data) ? { ...stored.data } : {};
    if (name !== '' && kpNrKey(name) !== kpNrKey(kp.nr as string)) kp.nr = parseNrCell(name);
    if (descEl && desc !== String(data.desc ?? '').trim()) data.desc = desc;
    if (loc) data.loc = loc;
    candidate = { ...stored, kp, data };
  } else {
    if (name === '') errors.push(importIssue('kpimport.err.noname'));
    const data: JsonMap = {};
    if (desc !== '') data.desc = desc;
    if (loc) data.loc = loc;
    candidate = { kp: { nr: name === '' ? '?' : parseNrCell(name) }, data, answer: null };
  }
  return { line: wpt.line, input: checkInput(candidate, errors), errors };
}

/**
 * Reads checkpoints from GPX: each `<wpt lat lon>` is a row with `<name>` as nr and `<desc>` (or
 * `<cmt>`) as description; a `<rada:kp>` extension from our own export restores the rest.
 * Checkpoints without a location come from the file's own `<extensions>`. Tracks and routes are
 * ignored; a file without waypoints is a file error.
 */
export function parseCheckpointGpx(text: string): ImportPreview {
  const preview: ImportPreview = { format: 'gpx', rows: [], fileError: null };
  let root: XmlElement;
  try {
    root = parseXml(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (e) {
    const line = e instanceof XmlSyntaxError ? e.line : null;
    const fileError =
      line === null
        ? importIssue('kpimport.err.notxml')
        : importIssue('kpimport.err.badxml', { line });
    return { ...preview, fileError };
  }
  if (localName(root.name) !== 'gpx')
    return { ...preview, fileError: importIssue('kpimport.err.notgpx') };
  const rows = childElements(root, 'wpt').map(waypointRow);
  for (const el of childElements(root, 'extensions').flatMap((e) => childElements(e, 'kp'))) {
    const errors: ImportIssue[] = [];
    const stored = readKpElement(el, errors);
    rows.push({ line: el.line, input: stored ? checkInput(stored, errors) : null, errors });
  }
  if (rows.length === 0) return { ...preview, fileError: importIssue('kpimport.err.nowaypoints') };
  return { ...preview, rows };
}
