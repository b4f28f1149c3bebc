/**
 * Fuzz properties of the background apps' request readers (foreign.ts): whatever the body, query,
 * form or content type, parseAppRequest and parseTraccarForward answer points whose values are
 * finite numbers or null, or throw a ForeignFormatError with a known key; never another error,
 * never a hang. trackingSetup's links read back for any name and interval. FUZZ_RUNS inputs each.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ERROR_KEYS } from '../errors.ts';
import {
  check,
  checkLinear,
  fuzzOptions,
  mutatedText,
  outcome,
  randomText,
  repeated,
  ROUND_TRIP_RUNS,
  tokenSoup,
  FUZZ_TEST_TIMEOUT_MS,
} from '../testing/fuzz.ts';
import gpsloggerQuery from './fixtures/gpslogger.query?raw';
import osmandQuery from './fixtures/osmand.query?raw';
import owntracksAndroid from './fixtures/owntracks-android.json?raw';
import owntracksIos from './fixtures/owntracks-ios.json?raw';
import owntracksTransition from './fixtures/owntracks-transition.json?raw';
import traccarAndroid from './fixtures/traccar-client-android.json?raw';
import traccarBatch from './fixtures/traccar-client-batch.json?raw';
import traccarIos from './fixtures/traccar-client-ios.json?raw';
import traccarLegacy from './fixtures/traccar-client-legacy.query?raw';
import forward from './fixtures/traccar-forward.json?raw';
import {
  FOREIGN_MAX_POINTS,
  ForeignFormatError,
  parseAppRequest,
  parseTraccarForward,
  trackingSetup,
  type ForeignPoints,
  type ForeignRequest,
} from './foreign.ts';
import { parseForm } from './foreignValues.ts';
import type { IncomingPoint } from './schemas.ts';
import { TRACKING_APPS } from './tracking.ts';

const KEYS = new Set<string>(ERROR_KEYS);
const isForeignError = (e: unknown) => e instanceof ForeignFormatError && KEYS.has(e.key);

const POINT_KEYS = new Set(['t', 'y', 'x', 'a', 's', 'l', 'g', 'b']);

/** A point of Rada's ingest shape: t, y, x finite; the rest finite or null; nothing else. */
function checkPoint(p: IncomingPoint): void {
  check(
    Object.keys(p).every((k) => POINT_KEYS.has(k)),
    'unknown key',
    p,
  );
  check(Number.isFinite(p.t) && Number.isFinite(p.y) && Number.isFinite(p.x), 'not finite', p);
  for (const k of ['a', 's', 'l', 'g', 'b'] as const) {
    const v = p[k];
    check(v === null || (typeof v === 'number' && Number.isFinite(v)), `${k} not finite`, p);
  }
}

function checkPoints(out: ForeignPoints): void {
  check(out.points.length <= FOREIGN_MAX_POINTS, 'too many points', out.points.length);
  check(out.ignored !== true || out.points.length === 0, 'ignored with points', out);
  out.points.forEach(checkPoint);
}

const app = fc.constantFrom(...TRACKING_APPS);
const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/vnd.api+json',
  '',
);

const JSON_TOKENS = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"location"',
  '"coords"',
  '"latitude"',
  '"longitude"',
  '"timestamp"',
  '"battery"',
  '"level"',
  '"_type"',
  '"encrypted"',
  '"location",',
  '"lat"',
  '"lon"',
  '"tst"',
  '"vel"',
  '-1',
  '1e300',
  '"2026-11-28T10:00:05Z"',
  '"NaN"',
  '"__proto__"',
];
const jsonFixtures = fc.constantFrom(
  traccarAndroid,
  traccarIos,
  traccarBatch,
  owntracksAndroid,
  owntracksIos,
  owntracksTransition,
  `[${owntracksTransition},${owntracksAndroid}]`,
);
const jsonText = fc.oneof(
  { weight: 2, arbitrary: jsonFixtures },
  { weight: 5, arbitrary: mutatedText(jsonFixtures, JSON_TOKENS) },
  { weight: 2, arbitrary: tokenSoup(JSON_TOKENS) },
  { weight: 1, arbitrary: fc.json() },
  { weight: 1, arbitrary: randomText },
  { weight: 1, arbitrary: repeated(['[', '{"location":', '{"_type":"location",', '1', '"']) },
);

/** Parsed JSON bodies: fixtures with one value replaced by anything, or anything at all. */
const jsonValue = fc.oneof(
  fc.jsonValue(),
  fc.anything(),
  fc
    .tuple(
      fc.constantFrom(traccarAndroid, owntracksAndroid),
      fc.constantFrom('timestamp', 'coords', 'latitude', 'battery', 'lat', 'tst', 'vel', '_type'),
      fc.oneof(fc.anything(), fc.double(), fc.string()),
    )
    .map(([text, key, value]) => {
      const root = JSON.parse(text) as Record<string, unknown>;
      const inner = (root.location as Record<string, unknown> | undefined) ?? root;
      const coords = (inner.coords as Record<string, unknown> | undefined) ?? inner;
      (key === 'latitude' ? coords : inner)[key] = value;
      return root as unknown;
    }),
);

const NUMBERISH = [
  '58.3776',
  '-26.7',
  '1795860005',
  '1795860005120',
  '2026-11-28T10:00:05Z',
  '2026-11-28 10:00:05',
  '2026-11-28T10:00:05 02:00',
  '1.0E-4',
  '%LAT',
  '{0}',
  '',
  'NaN',
  '1e309',
  '-1',
  '12abc',
  '0x10',
  '9'.repeat(400),
  '%E0%A4%A',
];
const QUERY_NAMES = [
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
  '__proto__',
  'constructor',
];
const queryValue = fc.oneof(fc.constantFrom(...NUMBERISH), fc.string({ maxLength: 12 }));
const queryRecord = fc.dictionary(
  fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 6 })),
  fc.oneof(queryValue, fc.array(queryValue, { maxLength: 3 }), fc.constant(undefined)),
  { maxKeys: 10 },
);
const queryFixtures = fc.constantFrom(osmandQuery, gpsloggerQuery, traccarLegacy);
const queryText = fc.oneof(
  mutatedText(queryFixtures, [
    '&',
    '=',
    '%',
    '+',
    '%2B',
    'lat=',
    'lon=',
    'timestamp=',
    ...NUMBERISH,
  ]),
  tokenSoup(['&', '=', 'lat', 'lon', 'speed', 'batt', 'location', ',', ...NUMBERISH]),
);

const request: fc.Arbitrary<ForeignRequest> = fc.oneof(
  fc.record({ contentType, query: fc.constant({}), body: jsonText }),
  fc.record({ contentType, query: fc.constant({}), body: jsonValue }),
  fc.record({ contentType, query: queryRecord, body: fc.constant(undefined) }),
  fc.record({
    contentType,
    query: queryText.map((q) => Object.fromEntries(parseForm(q))),
    body: fc.oneof(fc.constant(''), jsonText),
  }),
  fc.record({ contentType, query: fc.constant({}), body: queryText }),
  fc.record({
    contentType,
    query: fc.oneof(queryRecord, fc.constant({})),
    body: fc.oneof(jsonText, queryText, fc.constant(undefined)),
    receivedAt: fc.option(fc.double(), { nil: undefined }),
  }),
);

describe(
  'tracking app request readers never crash on any input',
  { timeout: FUZZ_TEST_TIMEOUT_MS },
  () => {
    it('parseAppRequest: finite points or a ForeignFormatError with a known key', () => {
      fc.assert(
        fc.property(request, app, (req, a) => {
          const out = outcome(() => parseAppRequest(req, a), isForeignError);
          if (out.ok) checkPoints(out.value);
        }),
        fuzzOptions(),
      );
    });

    it('parseTraccarForward: a tracker id and a finite point (or none), or a ForeignFormatError', () => {
      const forwardValue = fc.oneof(
        fc.anything(),
        mutatedText(fc.constant(forward), JSON_TOKENS).map((text) => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return text;
          }
        }),
        fc
          .tuple(
            fc.constantFrom(
              'fixTime',
              'latitude',
              'speed',
              'valid',
              'attributes',
              'accuracy',
              'uniqueId',
            ),
            fc.oneof(fc.anything(), fc.double(), fc.string()),
          )
          .map(([key, value]) => {
            const body = JSON.parse(forward) as Record<string, Record<string, unknown>>;
            (key === 'uniqueId' ? body.device! : body.position!)[key] = value;
            return body as unknown;
          }),
      );
      fc.assert(
        fc.property(forwardValue, (body) => {
          const out = outcome(() => parseTraccarForward(body), isForeignError);
          if (!out.ok) return;
          check(/^[\x21-\x7e]{1,64}$/.test(out.value.uniqueId), 'bad unique id', out.value);
          if (out.value.point) checkPoint(out.value.point);
        }),
        fuzzOptions(),
      );
    });

    it('reads long runs in about linear time', () => {
      const json = (text: string) => () =>
        outcome(
          () =>
            parseAppRequest({ contentType: 'application/json', query: {}, body: text }, 'traccar'),
          isForeignError,
        );
      checkLinear(
        (text) => json(text)(),
        ['[', '{"a":', '1', ' '],
        (run) => run,
      );
      checkLinear(
        (text) =>
          outcome(
            () => parseAppRequest({ contentType: undefined, query: {}, body: text }, 'osmand'),
            isForeignError,
          ),
        ['lat=1&', '&', '%2', '+', 'a'],
      );
    });
  },
);

/** Java's MessageFormat as OsmAnd fills its template. */
const fillOsmand = (url: string, v: string[]) =>
  url.replace(/\{(\d+)\}/g, (whole, n: string) => v[Number(n)] ?? whole);

describe('tracking setup links read back', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  const name = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('Õie 7', '🦊', '  ', 'a+b/c=d&e', '\uD800x'),
  );
  const coordinate = fc.double({ min: -80, max: 80, noNaN: true });

  it('OsmAnd and GPSLogger templates filled with any coordinates give those coordinates', () => {
    fc.assert(
      fc.property(name, coordinate, coordinate, (n, lat, lon) => {
        const osmand = trackingSetup('osmand', 'https://r.example/api/t/abc', n).url;
        const q = fillOsmand(osmand, [
          String(lat),
          String(lon),
          '1795860005120',
          '5',
          '10',
          '1',
          '90',
        ]);
        const got = parseAppRequest(
          {
            contentType: undefined,
            query: Object.fromEntries(parseForm(q.split('?')[1]!)),
            body: undefined,
          },
          'osmand',
        );
        check(got.points[0]!.y === lat && got.points[0]!.x === lon, 'osmand coordinates', [q, got]);
      }),
      fuzzOptions(ROUND_TRIP_RUNS),
    );
  });

  it('Traccar Client and OwnTracks links carry the ingest URL for any name and interval', () => {
    fc.assert(
      fc.property(name, fc.integer({ min: 1, max: 3600 }), (n, interval) => {
        const url = 'https://r.example/api/t/Qx7-kP_2';
        const traccar = trackingSetup('traccar', url, n, interval).qr;
        const params = parseForm(traccar.slice(traccar.indexOf('?') + 1));
        check(
          params.get('url') === url &&
            params.get('id') === n.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'),
          'traccar link',
          traccar,
        );
        check(params.get('interval') === String(interval), 'traccar interval', traccar);
        const owntracks = trackingSetup('owntracks', url, n, interval).qr;
        check(
          /^owntracks:\/\/\/config\?inline=[A-Za-z0-9%]+$/.test(owntracks),
          'owntracks link',
          owntracks,
        );
      }),
      fuzzOptions(ROUND_TRIP_RUNS),
    );
  });
});
