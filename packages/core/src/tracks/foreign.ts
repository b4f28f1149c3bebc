import type { IncomingPoint } from './schemas.ts';
import { TRACKING_APP_INTERVAL_S, type TrackingApp } from './tracking.ts';
import { TrackerId } from './trackingSchemas.ts';
import {
  base64Utf8,
  isoTime,
  nonNegative,
  numberFrom,
  objectFrom,
  own,
  paramsFrom,
  parseForm,
  percentFrom,
  timeFrom,
} from './foreignValues.ts';

// The requests background tracking apps and a Traccar server send (docs/tracking.md), read into
// Rada's own points. Each app's request is read as that app sends it (see docs/tracking.md for
// the sources read); the points then go through validatePoint like the participant app's own.
// Ranges are not checked here (validatePoint refuses a bad point with its reason); a value that
// cannot be read is null, and a time that cannot be read is 0, which validatePoint refuses as
// 'badtime', so the app hears about that point instead of it vanishing.

/** The request formats Rada reads on a tracking link or the Traccar forwarding URL. */
export type ForeignFormat = 'traccar-json' | 'osmand' | 'owntracks' | 'traccar-forward';

/** Why a request is not a position at all (HTTP 400 with this key; nothing is stored). */
export type ForeignProblem =
  'tracking.error.badformat' | 'tracking.error.nolocation' | 'tracking.error.encrypted';

export class ForeignFormatError extends Error {
  constructor(readonly key: ForeignProblem) {
    super(key);
  }
}

/** One request as the server received it. */
export interface ForeignRequest {
  /** The Content-Type header, if any. */
  contentType: string | undefined;
  /** The URL's query parameters. */
  query: Record<string, string | string[] | undefined>;
  /** The body: parsed JSON, a form or text body as a string, or undefined for none. */
  body: unknown;
  /**
   * When the server received the request (epoch ms): the time of an OsmAnd-style point that
   * carries none, as Traccar takes it. Without it such a point gets time 0 ('badtime').
   */
  receivedAt?: number;
}

export interface ForeignPoints {
  format: ForeignFormat;
  /** The points in Rada's ingest shape (t ms, y/x degrees, a m, s m/s, l m, g degrees, b 0..1). */
  points: IncomingPoint[];
  /** True for an OwnTracks message that is not a location (answered, nothing stored). */
  ignored?: boolean;
}

/** Most points one request may carry (a batch of an app that was offline); more is badformat. */
export const FOREIGN_MAX_POINTS = 1000;

const KNOT = 1852 / 3600;
const KMH = 3.6;

const fail = (key: ForeignProblem): never => {
  throw new ForeignFormatError(key);
};

/** Traccar Client 9+ (transistorsoft's location JSON): one `location` object. */
function traccarLocation(raw: unknown): IncomingPoint | null {
  const location = objectFrom(raw);
  const coords = location && objectFrom(own(location, 'coords'));
  if (!location || !coords) return null;
  const y = numberFrom(own(coords, 'latitude'));
  const x = numberFrom(own(coords, 'longitude'));
  if (y === null || x === null) return null;
  const battery = objectFrom(own(location, 'battery'));
  const level = battery ? numberFrom(own(battery, 'level')) : null;
  return {
    t: timeFrom(own(location, 'timestamp')) ?? 0,
    y,
    x,
    a: nonNegative(own(coords, 'accuracy')),
    s: nonNegative(own(coords, 'speed')),
    l: numberFrom(own(coords, 'altitude')),
    g: nonNegative(own(coords, 'heading')),
    b: level === null || level < 0 ? null : level,
  };
}

function traccarJson(root: Record<string, unknown>): ForeignPoints {
  const location = own(root, 'location');
  const list = Array.isArray(location) ? location : [location];
  if (list.length > FOREIGN_MAX_POINTS) fail('tracking.error.badformat');
  const points = list.map(traccarLocation).filter((p) => p !== null);
  if (points.length === 0) fail('tracking.error.nolocation');
  return { format: 'traccar-json', points };
}

/** The parameter names of the OsmAnd protocol as Traccar reads it (a request with none is no position request). */
const OSMAND_NAMES = [
  'id',
  'deviceid',
  'lat',
  'lon',
  'location',
  'timestamp',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'hdop',
  'batt',
  'valid',
];

/**
 * OsmAnd-style parameters: speed in knots from Traccar Client (as Traccar's decoder reads it), in
 * m/s from OsmAnd and GPSLogger; OsmAnd's {3} 'hdop' is the accuracy in metres.
 */
function osmandParams(
  params: Map<string, string>,
  app: TrackingApp,
  receivedAt: number | undefined,
): ForeignPoints {
  if (!OSMAND_NAMES.some((name) => params.has(name))) fail('tracking.error.badformat');
  let y = numberFrom(params.get('lat'));
  let x = numberFrom(params.get('lon'));
  const location = params.get('location');
  if ((y === null || x === null) && location !== undefined) {
    const parts = location.split(',');
    if (parts.length === 2) [y, x] = [numberFrom(parts[0]), numberFrom(parts[1])];
  }
  if (y === null || x === null) return fail('tracking.error.nolocation');
  const speed = numberFrom(params.get('speed'));
  const accuracy =
    numberFrom(params.get('accuracy')) ??
    (app === 'osmand' ? numberFrom(params.get('hdop')) : null);
  const point: IncomingPoint = {
    t: timeFrom(params.get('timestamp')) ?? (Number.isFinite(receivedAt) ? receivedAt! : 0),
    y,
    x,
    a: accuracy,
    s: speed === null ? null : app === 'traccar' ? speed * KNOT : speed,
    l: numberFrom(params.get('altitude')),
    g: numberFrom(params.get('bearing') ?? params.get('heading')),
    b: percentFrom(params.get('batt')),
  };
  return { format: 'osmand', points: [point] };
}

/** One OwnTracks location message (tst s, vel km/h, batt %; acc 0 is "not known"). */
function owntracksLocation(m: Record<string, unknown>): IncomingPoint | null {
  const y = numberFrom(own(m, 'lat'));
  const x = numberFrom(own(m, 'lon'));
  if (y === null || x === null) return null;
  const tst = numberFrom(own(m, 'tst'));
  const vel = nonNegative(own(m, 'vel'));
  const acc = nonNegative(own(m, 'acc'));
  return {
    t: tst === null || !Number.isFinite(tst * 1000) ? 0 : tst * 1000,
    y,
    x,
    a: acc === 0 ? null : acc,
    s: vel === null ? null : vel / KMH,
    l: numberFrom(own(m, 'alt')),
    g: nonNegative(own(m, 'cog')),
    b: percentFrom(own(m, 'batt')),
  };
}

function owntracks(messages: Record<string, unknown>[]): ForeignPoints {
  if (messages.length > FOREIGN_MAX_POINTS) fail('tracking.error.badformat');
  if (messages.some((m) => own(m, '_type') === 'encrypted')) fail('tracking.error.encrypted');
  const locations = messages.filter((m) => own(m, '_type') === 'location');
  if (locations.length === 0) return { format: 'owntracks', points: [], ignored: true };
  const points = locations.map(owntracksLocation).filter((p) => p !== null);
  if (points.length === 0) fail('tracking.error.nolocation');
  return { format: 'owntracks', points };
}

/** A JSON body's format, or null when it is none of the apps'. */
function fromJson(value: unknown): ForeignPoints | null {
  const root = objectFrom(value);
  if (root && own(root, 'location') !== undefined) return traccarJson(root);
  if (root && typeof own(root, '_type') === 'string') return owntracks([root]);
  if (Array.isArray(value) && value.length > 0) {
    if (value.length > FOREIGN_MAX_POINTS) fail('tracking.error.badformat');
    const messages = value.map(objectFrom);
    if (messages.every((m) => m !== null && typeof own(m, '_type') === 'string'))
      return owntracks(messages as Record<string, unknown>[]);
  }
  return null;
}

const isJsonType = (contentType: string | undefined) =>
  /^\s*application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '');

/** The body as JSON when it is JSON (by its type, or by its first character), else undefined. */
function jsonBody(req: ForeignRequest): unknown {
  const { body } = req;
  if (typeof body !== 'string') return typeof body === 'object' && body !== null ? body : undefined;
  const text = body.trim();
  if (text === '') return undefined;
  if (!isJsonType(req.contentType) && !/^[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail('tracking.error.badformat');
  }
}

/**
 * Reads a request on a tracking link made for `app`: Traccar Client's JSON, OsmAnd-style query
 * or form parameters (speed in knots for Traccar Client, metres per second for the others), or
 * OwnTracks' JSON. Throws ForeignFormatError when it is not a position request. The format is
 * told by the content, not by `app`; an empty body on an OwnTracks link is OwnTracks' "friend
 * deleted" message and is ignored.
 */
export function parseAppRequest(req: ForeignRequest, app: TrackingApp): ForeignPoints {
  const query = paramsFrom(objectFrom(req.query) ?? {});
  const json = jsonBody(req);
  const isForm = typeof req.body === 'string' && json === undefined && req.body.trim() !== '';
  if (json !== undefined) {
    const read = fromJson(json);
    if (read) return read;
    // A JSON body of no app's shape: the query may still hold the position (GPSLogger's POST).
    if (query.size === 0) {
      const form = objectFrom(json);
      if (form && /x-www-form-urlencoded/i.test(req.contentType ?? ''))
        return osmandParams(paramsFrom(form), app, req.receivedAt);
      fail('tracking.error.badformat');
    }
  }
  if (query.size > 0) return osmandParams(query, app, req.receivedAt);
  if (isForm) return osmandParams(parseForm((req.body as string).trim()), app, req.receivedAt);
  if (app === 'owntracks') return { format: 'owntracks', points: [], ignored: true };
  return fail('tracking.error.badformat');
}

/**
 * Reads a Traccar server's JSON position forwarding (PositionData: `position` and `device`): the
 * tracker's unique id and its point, speed from knots. A position Traccar marks not valid (no
 * satellite fix: old or rough coordinates at a new time) gives point null: answered, not stored,
 * as such a point would draw a jump and a false speed ticket. Throws badformat without a device
 * unique id or position, nolocation without coordinates.
 */
export function parseTraccarForward(body: unknown): {
  uniqueId: string;
  point: IncomingPoint | null;
} {
  const root = objectFrom(body);
  const device = root && objectFrom(own(root, 'device'));
  const position = root && objectFrom(own(root, 'position'));
  const uniqueId = TrackerId.safeParse(device ? own(device, 'uniqueId') : undefined);
  if (!uniqueId.success || !position) return fail('tracking.error.badformat');
  const y = numberFrom(own(position, 'latitude'));
  const x = numberFrom(own(position, 'longitude'));
  if (y === null || x === null) return fail('tracking.error.nolocation');
  if (own(position, 'valid') === false) return { uniqueId: uniqueId.data, point: null };
  const attributes = objectFrom(own(position, 'attributes'));
  const speed = nonNegative(own(position, 'speed'));
  const accuracy = nonNegative(own(position, 'accuracy'));
  return {
    uniqueId: uniqueId.data,
    point: {
      t: isoTime(own(position, 'fixTime')) ?? isoTime(own(position, 'deviceTime')) ?? 0,
      y,
      x,
      a: accuracy === 0 ? null : accuracy,
      s: speed === null ? null : speed * KNOT,
      l: numberFrom(own(position, 'altitude')),
      g: nonNegative(own(position, 'course')),
      b: attributes ? percentFrom(own(attributes, 'batteryLevel')) : null,
    },
  };
}

/** What a person needs to set up one app for one tracking link (docs/tracking.md). */
export interface TrackingSetup {
  /** The text for the app's server URL field (for OsmAnd and GPSLogger a URL template). */
  url: string;
  /** What the QR code holds: a link that configures the app when scanned, else `url`. */
  qr: string;
  /** A link that opens the app with the settings filled in on this phone, or null. */
  open: string | null;
}

/** OsmAnd's online tracking placeholders (LiveMonitoringHelper): lat, lon, time ms, accuracy m, altitude, speed m/s, bearing. */
const OSMAND_TEMPLATE = 'lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}&bearing={6}';
/** GPSLogger's custom URL placeholders (CustomUrlManager): %TIMESTAMP in s, %SPD in m/s, %BATT in %. */
const GPSLOGGER_TEMPLATE =
  'lat=%LAT&lon=%LON&timestamp=%TIMESTAMP&altitude=%ALT&speed=%SPD&bearing=%DIR&accuracy=%ACC&batt=%BATT';

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** ASCII letters and digits of a name ('Õie 7' → 'Oie7'): OwnTracks sends deviceId in an HTTP header. */
const asciiName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .replace(/\s+/g, ' ');

/** OwnTracks' two-character tracker id: the initials of two words, else the first two characters. */
function trackerInitials(name: string): string {
  const words = asciiName(name).split(' ').filter(Boolean);
  const tid = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '').slice(0, 2);
  return (tid || 'RA').toUpperCase();
}

/**
 * The setup of `app` for the ingest URL `ingestUrl` (absolute). `deviceName` is what the app
 * calls the device (Traccar Client's id, OwnTracks' tid source).
 */
export function trackingSetup(
  app: TrackingApp,
  ingestUrl: string,
  deviceName: string,
  intervalS: number = TRACKING_APP_INTERVAL_S,
): TrackingSetup {
  const interval = Math.max(1, Math.round(intervalS) || TRACKING_APP_INTERVAL_S);
  // A lone surrogate cannot be URL-encoded (encodeURIComponent throws): it becomes U+FFFD.
  const name = deviceName.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
  switch (app) {
    case 'traccar': {
      // Traccar Client's ConfigurationService.applyUri: its own scheme, settings as parameters.
      const link =
        `org.traccar.client://?url=${encodeURIComponent(ingestUrl)}` +
        `&id=${encodeURIComponent(name)}&interval=${interval}&distance=0` +
        '&accuracy=highest&buffer=true&stop_detection=false';
      return { url: ingestUrl, qr: link, open: link };
    }
    case 'osmand': {
      const url = withQuery(ingestUrl, OSMAND_TEMPLATE);
      return { url, qr: url, open: null };
    }
    case 'owntracks': {
      const config = {
        _type: 'configuration',
        mode: 3,
        url: ingestUrl,
        monitoring: 2,
        locatorInterval: interval,
        moveModeLocatorInterval: interval,
        locatorDisplacement: 0,
        extendedData: true,
        tid: trackerInitials(name),
        deviceId: asciiName(name).replace(/ /g, '-') || 'rada',
      };
      // Android reads the parameter with URLDecoder ('+' would become a space): escape it.
      const link = `owntracks:///config?inline=${encodeURIComponent(base64Utf8(JSON.stringify(config)))}`;
      return { url: ingestUrl, qr: link, open: link };
    }
    case 'gpslogger': {
      const url = withQuery(ingestUrl, GPSLOGGER_TEMPLATE);
      return { url, qr: url, open: null };
    }
  }
}
