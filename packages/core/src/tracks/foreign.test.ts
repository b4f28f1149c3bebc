import { describe, expect, it } from 'vitest';
// Requests as each app sends them (fixtures/README.md), read as text.
import gpsloggerForm from './fixtures/gpslogger.form?raw';
import gpsloggerQuery from './fixtures/gpslogger.query?raw';
import osmandQuery from './fixtures/osmand.query?raw';
import owntracksAndroid from './fixtures/owntracks-android.json?raw';
import owntracksEncrypted from './fixtures/owntracks-encrypted.json?raw';
import owntracksIos from './fixtures/owntracks-ios.json?raw';
import owntracksTransition from './fixtures/owntracks-transition.json?raw';
import traccarAndroid from './fixtures/traccar-client-android.json?raw';
import traccarBatch from './fixtures/traccar-client-batch.json?raw';
import traccarIos from './fixtures/traccar-client-ios.json?raw';
import traccarLegacy from './fixtures/traccar-client-legacy.query?raw';
import forwardInvalid from './fixtures/traccar-forward-invalid.json?raw';
import forward from './fixtures/traccar-forward.json?raw';
import {
  FOREIGN_MAX_POINTS,
  ForeignFormatError,
  parseAppRequest,
  parseTraccarForward,
  trackingSetup,
  type ForeignProblem,
  type ForeignRequest,
} from './foreign.ts';
import { isoTime, parseForm, timeFrom } from './foreignValues.ts';
import type { TrackingApp } from './tracking.ts';
import { validatePoint } from './validate.ts';

const T = Date.UTC(2026, 10, 28, 10, 0, 5); // 1795860005 s, the fixtures' time
const JSON_TYPE = 'application/json; charset=utf-8';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const INGEST = 'https://rada.example/api/t/Qx7-kP_2mZr9aLd0VbN3cT1e';

/** The query object a server makes of a query string (repeated names become arrays). */
function queryOf(text: string): ForeignRequest['query'] {
  const out: Record<string, string | string[]> = {};
  for (const pair of text.split('&')) {
    const one = parseForm(pair);
    for (const [k, v] of one) {
      const had = out[k];
      out[k] = had === undefined ? v : [...(Array.isArray(had) ? had : [had]), v];
    }
  }
  return out;
}

const get = (query: string): ForeignRequest => ({
  contentType: undefined,
  query: queryOf(query),
  body: undefined,
});
const postJson = (text: string): ForeignRequest => ({
  contentType: JSON_TYPE,
  query: {},
  body: text,
});

function problem(run: () => unknown): ForeignProblem | 'none' {
  try {
    run();
  } catch (e) {
    if (e instanceof ForeignFormatError) return e.key;
    throw e;
  }
  return 'none';
}

describe('Traccar Client 9+ JSON', () => {
  it('reads the Android request: m/s speed, battery 0..1, ISO time', () => {
    expect(parseAppRequest(postJson(traccarAndroid), 'traccar')).toEqual({
      format: 'traccar-json',
      points: [
        { t: T + 120, y: 58.3776042, x: 26.7290113, a: 4.2, s: 3.4, l: 61.3, g: 87.5, b: 0.83 },
      ],
    });
  });

  it('reads iOS -1 for speed, heading and battery as unknown', () => {
    const [p] = parseAppRequest(postJson(traccarIos), 'traccar').points;
    expect(p).toEqual({
      t: Date.UTC(2026, 10, 28, 10, 1, 0, 4),
      y: 58.3781932,
      x: 26.7301554,
      a: 12,
      s: null,
      l: 59.9,
      g: null,
      b: null,
    });
  });

  it('reads a batch (location as an array) and a body the server already parsed', () => {
    const out = parseAppRequest(
      { contentType: 'application/json', query: {}, body: JSON.parse(traccarBatch) },
      'traccar',
    );
    expect(out.points.map((p) => [p.t, p.s])).toEqual([
      [Date.UTC(2026, 10, 28, 10, 0, 0), 2.5],
      [Date.UTC(2026, 10, 28, 10, 0, 10), 2.7],
    ]);
  });

  it('is told by its content, whatever the link was made for or the content type says', () => {
    const req = { contentType: 'text/plain', query: {}, body: traccarAndroid };
    expect(parseAppRequest(req, 'osmand').format).toBe('traccar-json');
  });

  it('refuses a location without coordinates, and JSON of no app', () => {
    const noCoords = JSON.stringify({ location: { timestamp: '2026-11-28T10:00:00Z' } });
    expect(problem(() => parseAppRequest(postJson(noCoords), 'traccar'))).toBe(
      'tracking.error.nolocation',
    );
    expect(problem(() => parseAppRequest(postJson('{"lat":1,"lon":2}'), 'traccar'))).toBe(
      'tracking.error.badformat',
    );
    expect(problem(() => parseAppRequest(postJson('{"location":'), 'traccar'))).toBe(
      'tracking.error.badformat',
    );
  });

  it('gives an unreadable time 0, which validatePoint refuses as badtime', () => {
    const body = JSON.parse(traccarAndroid) as { location: { timestamp: string } };
    body.location.timestamp = '28.11.2026 10:00';
    const [p] = parseAppRequest(postJson(JSON.stringify(body)), 'traccar').points;
    expect(p!.t).toBe(0);
    expect(validatePoint(p, T)).toEqual({ problem: 'badtime' });
  });
});

describe('OsmAnd-style parameters', () => {
  it('reads old Traccar Client (query on a POST without body): knots, seconds, percent', () => {
    const req = { contentType: FORM_TYPE, query: queryOf(traccarLegacy), body: '' };
    const [p] = parseAppRequest(req, 'traccar').points;
    expect(p!.t).toBe(T);
    expect(p!.s).toBeCloseTo(3.4, 5);
    expect(p).toMatchObject({ y: 58.3776042, x: 26.7290113, a: 4.2, l: 61.3, g: 87.5, b: 0.83 });
  });

  it('reads OsmAnd: m/s, milliseconds, hdop as the accuracy in metres', () => {
    expect(parseAppRequest(get(osmandQuery), 'osmand')).toEqual({
      format: 'osmand',
      points: [{ t: T + 120, y: 58.3776, x: 26.72901, a: 4.2, s: 3.4, l: 61.3, g: 87.5, b: null }],
    });
  });

  it('reads GPSLogger in the query and in a form body', () => {
    const want = { t: T, y: 58.3776042, x: 26.7290113, a: 4.2, s: 3.4, l: 61.3, g: 87.5, b: 0.83 };
    expect(parseAppRequest(get(gpsloggerQuery), 'gpslogger').points).toEqual([want]);
    const form = { contentType: FORM_TYPE, query: {}, body: gpsloggerForm };
    expect(parseAppRequest(form, 'gpslogger').points).toEqual([want]);
    // A server that parsed the form already hands over an object.
    const parsed = { contentType: FORM_TYPE, query: {}, body: queryOf(gpsloggerForm) };
    expect(parseAppRequest(parsed, 'gpslogger').points).toEqual([want]);
  });

  it('reads the speed in knots only on a Traccar Client link', () => {
    const speed = (app: TrackingApp) =>
      parseAppRequest(get('lat=58&lon=26&timestamp=1795860005&speed=10'), app).points[0]!.s;
    expect(speed('traccar')).toBeCloseTo(5.14444, 4);
    expect(speed('osmand')).toBe(10);
    expect(speed('gpslogger')).toBe(10);
  });

  it('takes hdop as metres only from OsmAnd, and accuracy before it', () => {
    const a = (q: string, app: TrackingApp) => parseAppRequest(get(q), app).points[0]!.a;
    expect(a('lat=58&lon=26&hdop=0.9', 'gpslogger')).toBeNull();
    expect(a('lat=58&lon=26&hdop=7', 'osmand')).toBe(7);
    expect(a('lat=58&lon=26&hdop=7&accuracy=3', 'osmand')).toBe(3);
  });

  it.each([
    ['1795860005', T],
    ['1795860005120', T + 120],
    ['2026-11-28T10:00:05Z', T],
    ['2026-11-28T12:00:05.120+02:00', T + 120],
    ['2026-11-28T12:00:05+0200', T],
    ['2026-11-28T12:00:05 02:00', T], // the '+' of an unescaped query came as a space
    ['2026-11-28 10:00:05', T], // Traccar's 'yyyy-MM-dd HH:mm:ss', read as UTC
    ['2026-11-28T10:00:05.123456789Z', T + 123],
  ])('reads the timestamp %s', (timestamp, want) => {
    const req = get(`lat=58&lon=26&timestamp=${encodeURIComponent(timestamp)}`);
    expect(parseAppRequest(req, 'osmand').points[0]!.t).toBe(want);
  });

  it('takes the time of receipt when the timestamp is missing or unfilled, else 0', () => {
    for (const q of [
      'lat=58&lon=26',
      'lat=58&lon=26&timestamp={2}',
      'lat=58&lon=26&timestamp=%TIMESTAMP',
    ]) {
      expect(parseAppRequest({ ...get(q), receivedAt: T }, 'osmand').points[0]!.t).toBe(T);
      expect(parseAppRequest(get(q), 'osmand').points[0]!.t).toBe(0);
    }
  });

  it('reads unfilled placeholders and non-numbers as missing, not as errors', () => {
    const q =
      'lat=58.1&lon=26.2&timestamp=1795860005&speed=%SPD&bearing={6}&altitude=&accuracy=NaN&batt=%BATT';
    expect(parseAppRequest(get(q), 'gpslogger').points[0]).toEqual({
      t: T,
      y: 58.1,
      x: 26.2,
      a: null,
      s: null,
      l: null,
      g: null,
      b: null,
    });
    for (const junk of ['12abc', '0x10', 'Infinity', '1e400', '1,5', ' ', '--1']) {
      const p = parseAppRequest(
        get(`lat=58&lon=26&altitude=${encodeURIComponent(junk)}`),
        'osmand',
      );
      expect(p.points[0]!.l).toBeNull();
    }
  });

  it('reads location=lat,lon, heading for bearing, deviceid, and the last of repeated values', () => {
    const [p] = parseAppRequest(
      get('deviceid=x&location=58.5,26.5&heading=45&batt=50&batt=40'),
      'traccar',
    ).points;
    expect(p).toMatchObject({ y: 58.5, x: 26.5, g: 45, b: 0.4 });
  });

  it('refuses parameters without a position, and anything that is no request', () => {
    const key = (req: ForeignRequest, app: TrackingApp = 'osmand') =>
      problem(() => parseAppRequest(req, app));
    expect(key(get('id=123&timestamp=1795860005'))).toBe('tracking.error.nolocation');
    expect(key(get('lat=abc&lon=26'))).toBe('tracking.error.nolocation');
    expect(key(get('lat=%LAT&lon=%LON'), 'gpslogger')).toBe('tracking.error.nolocation');
    expect(key(get('location=58.5'))).toBe('tracking.error.nolocation');
    expect(key(get('foo=bar'))).toBe('tracking.error.badformat');
    expect(key({ contentType: undefined, query: {}, body: undefined })).toBe(
      'tracking.error.badformat',
    );
    expect(key({ contentType: 'text/plain', query: {}, body: 'hello' })).toBe(
      'tracking.error.badformat',
    );
  });
});

describe('OwnTracks HTTP mode', () => {
  it('reads an Android location: tst in s, vel km/h, batt %', () => {
    const [p] = parseAppRequest(postJson(owntracksAndroid), 'owntracks').points;
    expect(p!.t).toBe(T);
    expect(p!.s).toBeCloseTo(12 / 3.6, 9);
    expect(p).toMatchObject({ y: 58.3776042, x: 26.7290113, a: 4, l: 61, g: 88, b: 0.83 });
  });

  it('reads an iOS location and an array of messages', () => {
    const list = `[${owntracksTransition},${owntracksIos},${owntracksAndroid}]`;
    const out = parseAppRequest(postJson(list), 'owntracks');
    expect(out.format).toBe('owntracks');
    expect(out.points.map((p) => [p.t, p.s])).toEqual([
      [T + 60_000, 0],
      [T, 12 / 3.6],
    ]);
  });

  it('answers other messages and an empty body as ignored, nothing stored', () => {
    const ignored = { format: 'owntracks', points: [], ignored: true };
    expect(parseAppRequest(postJson(owntracksTransition), 'owntracks')).toEqual(ignored);
    for (const type of ['waypoint', 'waypoints', 'lwt', 'status', 'card', 'steps', 'cmd', 'beacon'])
      expect(parseAppRequest(postJson(`{"_type":"${type}"}`), 'owntracks')).toEqual(ignored);
    const empty = { contentType: JSON_TYPE, query: {}, body: '' };
    expect(parseAppRequest(empty, 'owntracks')).toEqual(ignored);
    expect(problem(() => parseAppRequest(empty, 'traccar'))).toBe('tracking.error.badformat');
  });

  it('refuses an encrypted payload with its own key', () => {
    expect(problem(() => parseAppRequest(postJson(owntracksEncrypted), 'owntracks'))).toBe(
      'tracking.error.encrypted',
    );
  });

  it('takes acc 0 (left out by iOS when not known) as unknown, and needs lat and lon', () => {
    const [p] = parseAppRequest(
      postJson('{"_type":"location","lat":58,"lon":26,"tst":1795860005,"acc":0}'),
      'owntracks',
    ).points;
    expect(p).toMatchObject({ a: null, s: null, g: null, b: null, l: null });
    expect(
      problem(() => parseAppRequest(postJson('{"_type":"location","tst":1}'), 'owntracks')),
    ).toBe('tracking.error.nolocation');
  });
});

describe('hostile and odd requests', () => {
  const key = (body: unknown, contentType = JSON_TYPE) =>
    problem(() => parseAppRequest({ contentType, query: {}, body }, 'traccar'));

  it('refuses more than FOREIGN_MAX_POINTS points and takes exactly that many', () => {
    const loc = JSON.parse(traccarAndroid) as { location: unknown };
    const many = (n: number) => ({ location: Array.from({ length: n }, () => loc.location) });
    expect(
      parseAppRequest(postJson(JSON.stringify(many(FOREIGN_MAX_POINTS))), 'traccar').points,
    ).toHaveLength(FOREIGN_MAX_POINTS);
    expect(key(many(100_000))).toBe('tracking.error.badformat');
    const messages = Array.from({ length: 100_000 }, () => ({ _type: 'location', lat: 1, lon: 2 }));
    expect(key(messages)).toBe('tracking.error.badformat');
  });

  it('reads no value from __proto__ or an object where a number belongs', () => {
    expect(key('{"__proto__":{"location":{"coords":{"latitude":1,"longitude":2}}}}')).toBe(
      'tracking.error.badformat',
    );
    expect(key('{"location":{"__proto__":{"coords":{"latitude":1,"longitude":2}}}}')).toBe(
      'tracking.error.nolocation',
    );
    expect(key('{"location":{"coords":{"latitude":{"valueOf":1},"longitude":[2]}}}')).toBe(
      'tracking.error.nolocation',
    );
    const query = JSON.parse('{"__proto__":"x","lat":"58","lon":"26"}') as ForeignRequest['query'];
    expect(
      parseAppRequest({ contentType: undefined, query, body: undefined }, 'osmand').points,
    ).toHaveLength(1);
  });

  it('refuses deep nesting, bad JSON and bodies of no kind', () => {
    expect(key(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe('tracking.error.badformat');
    expect(key('{"location":{"coords":')).toBe('tracking.error.badformat');
    expect(key(42)).toBe('tracking.error.badformat');
    expect(key(true)).toBe('tracking.error.badformat');
    expect(key([])).toBe('tracking.error.badformat');
    expect(key([1, 2])).toBe('tracking.error.badformat');
  });

  it('hands huge and NaN values on as numbers or null, for validatePoint to refuse', () => {
    const req = postJson(
      '{"location":{"timestamp":"2026-11-28T10:00:05Z","coords":{"latitude":1e300,"longitude":26,"speed":1e308,"accuracy":"NaN"}}}',
    );
    const [p] = parseAppRequest(req, 'traccar').points;
    expect(p).toMatchObject({ y: 1e300, s: 1e308, a: null });
    expect(validatePoint(p, T)).toEqual({ problem: 'badlat' });
    const fast = parseAppRequest(get('lat=58&lon=26&timestamp=1795860005&speed=1000'), 'osmand');
    expect(validatePoint(fast.points[0], T)).toEqual({ problem: 'badspeed' });
  });
});

describe('times that overflow (found by the fuzz test)', () => {
  it('gives a time whose milliseconds are not finite 0, and ignores a receivedAt that is not finite', () => {
    const json = postJson(
      '{"location":{"timestamp":-1e306,"coords":{"latitude":58,"longitude":26}}}',
    );
    expect(parseAppRequest(json, 'traccar').points[0]!.t).toBe(0);
    const owntracks = postJson('{"_type":"location","lat":58,"lon":26,"tst":1e306}');
    expect(parseAppRequest(owntracks, 'owntracks').points[0]!.t).toBe(0);
    const req = { ...get('lat=58&lon=26'), receivedAt: Infinity };
    expect(parseAppRequest(req, 'osmand').points[0]!.t).toBe(0);
  });
});

describe('Traccar server position forwarding', () => {
  it('reads PositionData: knots, accuracy 0 as unknown, batteryLevel %, fixTime with offset', () => {
    const out = parseTraccarForward(JSON.parse(forward));
    expect(out.uniqueId).toBe('359633102117823');
    expect(out.point!.s).toBeCloseTo(3.4, 5);
    expect(out.point).toMatchObject({
      t: T,
      y: 58.3776042,
      x: 26.7290113,
      a: null,
      l: 0,
      g: 87,
      b: 0.76,
    });
  });

  it('answers a position Traccar marks not valid with no point', () => {
    expect(parseTraccarForward(JSON.parse(forwardInvalid))).toEqual({
      uniqueId: '359633102117823',
      point: null,
    });
  });

  it('refuses a body without the device unique id or without coordinates', () => {
    const body = JSON.parse(forward) as {
      device: Record<string, unknown>;
      position: Record<string, unknown>;
    };
    const key = (b: unknown) => problem(() => parseTraccarForward(b));
    expect(key({ ...body, device: { ...body.device, uniqueId: undefined } })).toBe(
      'tracking.error.badformat',
    );
    expect(key({ ...body, device: { ...body.device, uniqueId: 'has space' } })).toBe(
      'tracking.error.badformat',
    );
    expect(key({ ...body, device: { ...body.device, uniqueId: 'x'.repeat(65) } })).toBe(
      'tracking.error.badformat',
    );
    expect(key({ device: body.device })).toBe('tracking.error.badformat');
    expect(key({ ...body, position: { ...body.position, latitude: null } })).toBe(
      'tracking.error.nolocation',
    );
    expect(key('{}')).toBe('tracking.error.badformat');
    expect(key(null)).toBe('tracking.error.badformat');
  });
});

/** Java's MessageFormat.format as OsmAnd calls it: {n} replaced by the n-th string. */
const messageFormat = (template: string, values: string[]) =>
  template.replace(/\{(\d+)\}/g, (whole, n: string) => values[Number(n)] ?? whole);

/** GPSLogger's CustomUrlManager.getFormattedTextblock: case-blind replaceAll in its order. */
function gpsloggerFill(template: string, v: Record<string, string>): string {
  const order = [
    'lat',
    'lon',
    'sat',
    'desc',
    'alt',
    'acc',
    'dir',
    'prov',
    'spd',
    'timestamp',
    'timeoffset',
    'time',
    'date',
    'starttimestamp',
    'batt',
    'aid',
    'ser',
    'act',
    'filename',
    'profile',
    'hdop',
    'vdop',
    'pdop',
    'dist',
  ];
  return order.reduce(
    (s, name) => s.replace(new RegExp(`%${name}`, 'gi'), v[name] ?? 'x'),
    template,
  );
}

/** The query part of a filled-in URL, as the server would see it, and the path it was sent to. */
function split(url: string): { path: string; query: string } {
  const at = url.indexOf('?');
  return { path: url.slice(0, at), query: url.slice(at + 1) };
}

declare const atob: (base64: string) => string;
const utf8 = (binary: string) =>
  decodeURIComponent(
    [...binary].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
  );

describe('trackingSetup: each app filled in as it fills it, read back', () => {
  it('OsmAnd: the template filled by MessageFormat with Java floats gives the point', () => {
    const { url, qr, open } = trackingSetup('osmand', INGEST, 'Team 7');
    expect(qr).toBe(url);
    expect(open).toBeNull();
    const sent = split(
      messageFormat(url, [
        '58.377605',
        '26.729012',
        '1795860005120',
        '4.2',
        '61.3',
        '1.0E-4',
        '87.5',
      ]),
    );
    expect(sent.path).toBe(INGEST);
    expect(parseAppRequest(get(sent.query), 'osmand').points).toEqual([
      { t: T + 120, y: 58.377605, x: 26.729012, a: 4.2, s: 0.0001, l: 61.3, g: 87.5, b: null },
    ]);
  });

  it('GPSLogger: the placeholders filled in its order give the point', () => {
    const { url, qr, open } = trackingSetup('gpslogger', INGEST, 'Team 7');
    expect([qr, open]).toEqual([url, null]);
    const sent = split(
      gpsloggerFill(url, {
        lat: '58.3776042',
        lon: '26.7290113',
        alt: '61.3',
        acc: '4.2',
        dir: '87.5',
        spd: '3.4',
        timestamp: '1795860005',
        batt: '83.0',
      }),
    );
    expect(sent.path).toBe(INGEST);
    expect(parseAppRequest(get(sent.query), 'gpslogger').points).toEqual([
      { t: T, y: 58.3776042, x: 26.7290113, a: 4.2, s: 3.4, l: 61.3, g: 87.5, b: 0.83 },
    ]);
  });

  it('Traccar Client: its link carries the URL, name and settings its applyUri reads', () => {
    const { url, qr, open } = trackingSetup('traccar', INGEST, 'Õie & Co 7', 15);
    expect(url).toBe(INGEST);
    expect(open).toBe(qr);
    expect(qr.startsWith('org.traccar.client://?')).toBe(true);
    const params = parseForm(qr.slice(qr.indexOf('?') + 1));
    expect(Object.fromEntries(params)).toEqual({
      url: INGEST,
      id: 'Õie & Co 7',
      interval: '15',
      distance: '0',
      accuracy: 'highest',
      buffer: 'true',
      stop_detection: 'false',
    });
    expect(parseAppRequest(postJson(traccarAndroid), 'traccar').points).toHaveLength(1);
  });

  it('OwnTracks: the inline configuration decodes (also as Android URL-decodes it) to HTTP mode on this URL', () => {
    const { url, qr, open } = trackingSetup('owntracks', INGEST, 'Õie Rada 7');
    expect(url).toBe(INGEST);
    expect(open).toBe(qr);
    const inline = qr.replace('owntracks:///config?inline=', '');
    // Android's LoadViewModel decodes with URLDecoder, which makes '+' a space: none may be left.
    expect(inline).not.toMatch(/[+/=]/);
    const config = JSON.parse(utf8(atob(decodeURIComponent(inline)))) as Record<string, unknown>;
    expect(config).toEqual({
      _type: 'configuration',
      mode: 3,
      url: INGEST,
      monitoring: 2,
      locatorInterval: 10,
      moveModeLocatorInterval: 10,
      locatorDisplacement: 0,
      extendedData: true,
      tid: 'OR',
      deviceId: 'Oie-Rada-7',
    });
    expect(trackingSetup('owntracks', INGEST, '7').qr).not.toBe(qr);
  });

  it('OwnTracks: a tracker id from any name, two characters', () => {
    const tid = (name: string) => {
      const inline = trackingSetup('owntracks', INGEST, name).qr.split('inline=')[1]!;
      return (JSON.parse(utf8(atob(decodeURIComponent(inline)))) as { tid: string }).tid;
    };
    expect(tid('kiired')).toBe('KI');
    expect(tid('  ')).toBe('RA');
    expect(tid('🦊 Rebased')).toBe('RE');
  });
});

describe('time and form readers', () => {
  it('refuses dates that do not exist and zones out of range', () => {
    for (const s of [
      '2026-02-30T10:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-28T24:00:00Z',
      '2026-11-28T10:00:00+25:00',
      '2026-11-28T10:60:00Z',
      '28.11.2026',
    ])
      expect(isoTime(s)).toBeNull();
    expect(isoTime('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
  });

  it('reads seconds below 2^31 - 1 and milliseconds from it', () => {
    expect(timeFrom(2 ** 31 - 2)).toBe((2 ** 31 - 2) * 1000);
    expect(timeFrom(2 ** 31 - 1)).toBe(2 ** 31 - 1);
    expect(timeFrom('1795860005.5')).toBe(T + 500);
  });

  it('decodes a form: + as space, escapes, malformed escapes kept as text', () => {
    expect(Object.fromEntries(parseForm('a=1+2&b=%C3%B5&c=%E0%A4%A&d&=e'))).toEqual({
      a: '1 2',
      b: 'õ',
      c: '%E0%A4%A',
      d: '',
      '': 'e',
    });
  });
});
