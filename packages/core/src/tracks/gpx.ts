/**
 * Tracks as GPX 1.1: written for any GPS tool (ele, time; heart rate, cadence, speed and course
 * in Garmin's TrackPointExtension v2; accuracy and distance in our own namespace) and read from
 * any tool's export (trkpt or rtept with lat, lon, ele, time, speed/course from gpxtpx or GPX 1.0,
 * and hr/cad from TrackPointExtension v1 or v2 under any prefix).
 */
import {
  childElements,
  escapeXml,
  localName,
  parseXml,
  textOf,
  XmlSyntaxError,
  type XmlElement,
} from '../checkpoints/xml.ts';
import type { ErrorKey } from '../errors.ts';
import { gpxCourse, gpxLat, gpxLon, xmlDecimal } from '../xmlText.ts';
import { cadenceOf, heartRateOf } from './sensors.ts';
import { TRACK_PRECISION, type LocationPoint } from './types.ts';

export const GPXTPX_NAMESPACE = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v2';
/** Version 1 of the extension (Strava's and older Garmin exports): hr, cad, atemp, wtemp, depth. */
export const GPXTPX_V1_NAMESPACE = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v1';
/** Our extension elements `<rada:accuracy>` and `<rada:distance>` (metres). */
export const RADA_TRACK_NAMESPACE = 'urn:rada:gpx:track:1';

/** The text is not a GPX file (not XML, or its root is not `<gpx>`). */
export class GpxTrackError extends Error {
  /** The error key an API answers with for a text that is not a GPX track. */
  readonly key: ErrorKey = 'error.validation';

  constructor(message: string) {
    super(message);
    this.name = 'GpxTrackError';
  }
}

const decimal = xmlDecimal;

const DIGITS = { x: 7, y: 7, l: 2, s: 3, g: 2, a: 2, d: 2, h: 0, c: 0 } satisfies Record<
  keyof typeof TRACK_PRECISION,
  number
>;

function isoTime(t: number): string {
  const iso = new Date(t).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/**
 * Writes a track as GPX 1.1, one `<trk>` with one `<trkseg>`, points in the given order with
 * values at the codec's precisions. `time` (epoch ms) goes to `<metadata><time>`.
 */
export function trackToGpx(
  points: readonly LocationPoint[],
  options: { name: string; time?: number },
): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="Rada" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="${GPXTPX_NAMESPACE}" xmlns:rada="${RADA_TRACK_NAMESPACE}">`,
    ` <metadata><name>${escapeXml(options.name)}</name>${
      options.time === undefined ? '' : `<time>${isoTime(options.time)}</time>`
    }</metadata>`,
    ` <trk><name>${escapeXml(options.name)}</name><trkseg>`,
  ];
  for (const p of points) {
    let line = `  <trkpt lat="${gpxLat(p.y, DIGITS.y)}" lon="${gpxLon(p.x, DIGITS.x)}">`;
    if (p.l != null) line += `<ele>${decimal(p.l, DIGITS.l)}</ele>`;
    line += `<time>${isoTime(p.t)}</time>`;
    let ext = '';
    // Values the extension's schema would refuse (a point from elsewhere) are left out.
    const h = heartRateOf(p.h);
    const c = cadenceOf(p.c);
    if (h !== null || c !== null || p.s != null || p.g != null) {
      // The schema's order: atemp, wtemp, depth, hr, cad, speed, course, bearing.
      ext += '<gpxtpx:TrackPointExtension>';
      if (h !== null) ext += `<gpxtpx:hr>${h}</gpxtpx:hr>`;
      if (c !== null) ext += `<gpxtpx:cad>${c}</gpxtpx:cad>`;
      if (p.s != null) ext += `<gpxtpx:speed>${decimal(p.s, DIGITS.s)}</gpxtpx:speed>`;
      if (p.g != null) ext += `<gpxtpx:course>${gpxCourse(p.g)}</gpxtpx:course>`;
      ext += '</gpxtpx:TrackPointExtension>';
    }
    if (p.a != null) ext += `<rada:accuracy>${decimal(p.a, DIGITS.a)}</rada:accuracy>`;
    if (p.d != null) ext += `<rada:distance>${decimal(p.d, DIGITS.d)}</rada:distance>`;
    if (ext !== '') line += `<extensions>${ext}</extensions>`;
    out.push(`${line}</trkpt>`);
  }
  out.push(' </trkseg></trk>', '</gpx>', '');
  return out.join('\n');
}

/** Every element below `el` in document order (iterative: deep files cannot overflow the stack). */
function descendants(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const stack: XmlElement[] = [el];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e !== el) out.push(e);
    for (let i = e.children.length - 1; i >= 0; i--) {
      const c = e.children[i]!;
      if (typeof c !== 'string') stack.push(c);
    }
  }
  return out;
}

/** One way to split a digit run: `\d+\.?\d*` would backtrack quadratically on a long one. */
const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;
function numberOf(text: string | undefined): number | null {
  return text !== undefined && NUMBER.test(text) ? Number(text) : null;
}

/** The text of the first descendant (within `<extensions>`) with one of the local names. */
function extensionValue(ext: XmlElement[], names: string[]): number | null {
  for (const e of ext) {
    for (const d of descendants(e)) {
      if (names.includes(localName(d.name))) return numberOf(textOf(d));
    }
  }
  return null;
}

/** Namespace URIs by prefix ('' for the default namespace) in scope at an element. */
type Scope = ReadonlyMap<string, string>;
const NO_NAMESPACES: Scope = new Map();

/** The scope inside `el`: `outer` with the element's own xmlns declarations (a copy only then). */
function scopeOf(el: XmlElement, outer: Scope): Scope {
  let scope: Map<string, string> | null = null;
  for (const name in el.attrs) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    scope ??= new Map(outer);
    scope.set(name === 'xmlns' ? '' : name.slice(6), el.attrs[name]!);
  }
  return scope ?? outer;
}

function namespaceOf(name: string, scope: Scope): string | undefined {
  const colon = name.indexOf(':');
  return scope.get(colon < 0 ? '' : name.slice(0, colon));
}

const TPX_NAMESPACES = new Set([GPXTPX_NAMESPACE, GPXTPX_V1_NAMESPACE]);

/**
 * Heart rate and cadence: the first `hr` and `cad` of Garmin's TrackPointExtension (v1 or v2,
 * whatever the prefix) within `<extensions>`, each kept only when in range (sensors.ts).
 */
function sensorValues(ext: XmlElement[], outer: Scope): { h: number | null; c: number | null } {
  let h: number | null | undefined;
  let c: number | null | undefined;
  walkScoped(ext, outer, (e, parent) => {
    const name = localName(e.name);
    if (
      (name === 'hr' || name === 'cad') &&
      TPX_NAMESPACES.has(namespaceOf(e.name, scopeOf(e, parent))!)
    ) {
      const value = numberOf(textOf(e));
      if (name === 'hr') h ??= heartRateOf(value);
      else c ??= cadenceOf(value);
    }
    return h !== undefined && c !== undefined;
  });
  return { h: h ?? null, c: c ?? null };
}

/**
 * Visits `elements` and everything below them in document order, each with the namespaces in
 * scope at its parent (`outer` for `elements`), until `visit` returns true; iterative, so deep
 * files cannot overflow the stack.
 */
function walkScoped(
  elements: readonly (XmlElement | string)[],
  outer: Scope,
  visit: (el: XmlElement, parent: Scope) => boolean | void,
): void {
  const stack: XmlElement[] = [];
  const scopes: Scope[] = [];
  const push = (children: readonly (XmlElement | string)[], scope: Scope) => {
    for (let i = children.length - 1; i >= 0; i--) {
      const c = children[i]!;
      if (typeof c === 'string') continue;
      stack.push(c);
      scopes.push(scope);
    }
  };
  push(elements, outer);
  while (stack.length > 0) {
    const el = stack.pop()!;
    const parent = scopes.pop()!;
    if (visit(el, parent) === true) return;
    push(el.children, el.children.length > 0 ? scopeOf(el, parent) : parent);
  }
}

function readPoint(el: XmlElement, scope: Scope, problems: string[]): LocationPoint | null {
  const where = `${localName(el.name)} on line ${el.line}`;
  const y = numberOf(el.attrs.lat);
  const x = numberOf(el.attrs.lon);
  if (y === null || x === null || Math.abs(y) > 90 || Math.abs(x) > 180) {
    problems.push(`${where}: bad or missing lat/lon`);
    return null;
  }
  const child = (name: string) => {
    const c = childElements(el, name)[0];
    return c === undefined ? undefined : textOf(c).trim();
  };
  const timeText = child('time');
  const t = timeText === undefined ? NaN : Date.parse(timeText);
  if (!Number.isFinite(t)) {
    problems.push(`${where}: ${timeText === undefined ? 'no time' : `bad time "${timeText}"`}`);
    return null;
  }
  const ext = childElements(el, 'extensions');
  const point: LocationPoint = {
    t,
    y,
    x,
    a: extensionValue(ext, ['accuracy']),
    s: numberOf(child('speed')) ?? extensionValue(ext, ['speed']),
    l: numberOf(child('ele')),
    g: numberOf(child('course')) ?? extensionValue(ext, ['course', 'bearing']),
    d: extensionValue(ext, ['distance']),
  };
  if (ext.length > 0) {
    const { h, c } = sensorValues(ext, scopeOf(el, scope));
    if (h !== null) point.h = h;
    if (c !== null) point.c = c;
  }
  return point;
}

/**
 * Reads the points of every track and route of a GPX file (1.0 or 1.1), in file order. Points
 * without a readable time or position are left out, each with a line in `problems`. Throws
 * GpxTrackError when the text is not XML or its root is not `<gpx>`.
 */
export function trackFromGpx(text: string): { points: LocationPoint[]; problems: string[] } {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (e) {
    if (e instanceof XmlSyntaxError) throw new GpxTrackError(`not a GPX file: ${e.message}`);
    throw e;
  }
  if (localName(root.name) !== 'gpx') {
    throw new GpxTrackError(`not a GPX file: the root element is <${root.name}>`);
  }
  const points: LocationPoint[] = [];
  const problems: string[] = [];
  walkScoped(root.children, scopeOf(root, NO_NAMESPACES), (el, parent) => {
    const name = localName(el.name);
    if (name === 'trkpt' || name === 'rtept') {
      const p = readPoint(el, parent, problems);
      if (p) points.push(p);
    }
  });
  return { points, problems };
}
