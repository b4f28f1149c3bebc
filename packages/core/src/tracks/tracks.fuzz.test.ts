/**
 * Fuzz properties of the track parsers: the codec v2 decoder and its base64 reader, GPX tracks,
 * and the device point check. Whatever the input, the answer is points with finite values that
 * the codec can store, or a TrackFormatError / GpxTrackError with its key; never another error,
 * never a hang. FUZZ_RUNS inputs per parser (see testing/fuzz.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../errors.ts';
import {
  check,
  checkLinear,
  fuzzOptions,
  mutatedBytes,
  mutatedText,
  outcome,
  randomText,
  repeated,
  ROUND_TRIP_RUNS,
  tokenSoup,
  FUZZ_TEST_TIMEOUT_MS,
} from '../testing/fuzz.ts';
import {
  concatTracks,
  decodeTrack,
  encodeTrack,
  trackFromBase64,
  trackToBase64,
  TrackFormatError,
} from './codec.ts';
import { GPXTPX_V1_NAMESPACE, GpxTrackError, trackFromGpx, trackToGpx } from './gpx.ts';
import { cadenceOf, heartRateOf } from './sensors.ts';
import { atPrecision } from './testing.ts';
import type { LocationPoint } from './types.ts';
import { validatePoint } from './validate.ts';

const KEYS = new Set<string>(ERROR_KEYS);
const isTrackError = (e: unknown) => e instanceof TrackFormatError && KEYS.has(e.key);
const isGpxError = (e: unknown) => e instanceof GpxTrackError && KEYS.has(e.key);

const OPTIONAL = ['a', 's', 'l', 'g', 'd'] as const;
const SENSORS = ['h', 'c'] as const;

/** Points the codec can store: finite values, and encoding them again works. */
function checkPoints(points: LocationPoint[], sorted: boolean): void {
  for (const p of points) {
    check(Number.isFinite(p.t) && Number.isFinite(p.y) && Number.isFinite(p.x), 'not finite', p);
    for (const k of OPTIONAL) check(p[k] === null || Number.isFinite(p[k]), `${k} not finite`, p);
    // Heart rate and cadence are whole numbers when there, and absent rather than null.
    for (const k of SENSORS) check(!(k in p) || Number.isInteger(p[k]), `${k} not whole`, p);
  }
  if (sorted)
    for (let i = 1; i < points.length; i++)
      check(points[i - 1]!.t <= points[i]!.t, 'not in time order', points);
  encodeTrack(points);
}

/** What the GPX reader and the device point check answer: h and c absent or within range. */
function checkSensorRanges(p: LocationPoint): void {
  const { h, c } = p;
  check(h === undefined || (h !== null && h >= 1 && h <= 255), 'heart rate out of range', p);
  check(c === undefined || (c !== null && c >= 0 && c <= 254), 'cadence out of range', p);
}

const optional = (max: number) =>
  fc.option(fc.double({ min: -max, max, noNaN: true }), { nil: null });
/** Heart rate or cadence: mostly whole numbers in and around their ranges, sometimes any. */
const sensor = fc.option(
  fc.oneof(fc.integer({ min: -5, max: 300 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })),
  { nil: null },
);
/** Points within the codec's range, as devices send them; `h` and `c` may be left out. */
const point: fc.Arbitrary<LocationPoint> = fc.record(
  {
    t: fc.integer({ min: 0, max: 2 ** 45 }),
    y: fc.double({ min: -90, max: 90, noNaN: true }),
    x: fc.double({ min: -180, max: 180, noNaN: true }),
    a: optional(1e5),
    s: optional(1e3),
    l: optional(1e4),
    g: optional(720),
    d: optional(1e7),
    h: sensor,
    c: sensor,
  },
  { requiredKeys: ['t', 'y', 'x', 'a', 's', 'l', 'g', 'd'] },
);
const points = fc.array(point, { maxLength: 12 });
const encoded = fc
  .array(points, { minLength: 1, maxLength: 3 })
  .map((parts) => concatTracks(parts.map(encodeTrack)));
const trackBytes = fc.oneof(
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 60 }).map((b) => Uint8Array.from([0x52, 0x54, 2, ...b])),
  },
  { weight: 4, arbitrary: mutatedBytes(encoded) },
);

const GPX_TOKENS = [
  '<trkpt lat="58.1" lon="26.2">',
  '<rtept lat="-1e2" lon="+.5">',
  '<trkpt lat="1e999" lon="NaN">',
  '<trkpt lat="91" lon="181">',
  '</trkpt>',
  '<time>',
  '</time>',
  '2024-05-01T10:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '1970',
  '<ele>',
  '</ele>',
  '1e308',
  '-1e300',
  '<speed>',
  '<course>',
  '<extensions>',
  '</extensions>',
  '<gpxtpx:TrackPointExtension>',
  '<gpxtpx:speed>',
  '<gpxtpx:hr>',
  '</gpxtpx:hr>',
  '<gpxtpx:cad>',
  '<ns3:hr>',
  ` xmlns:gpxtpx="${GPXTPX_V1_NAMESPACE}"`,
  ` xmlns="${GPXTPX_V1_NAMESPACE}"`,
  '<hr>',
  '<rada:accuracy>',
  '<rada:distance>',
  '<bearing>',
  '<trk>',
  '<trkseg>',
  '</trkseg>',
  '<gpx>',
  '</gpx>',
  '<![CDATA[',
  ']]>',
  '<!--',
  '&#x31;',
  '<',
  '>',
  '"',
];
const numberText = fc.oneof(
  fc.double().map(String),
  fc.constantFrom('1e308', '-1e309', '1e-400', '.5', '5.', '+1', '- 1', '0x10', ''),
);
const gpxPoint = fc
  .tuple(
    numberText,
    numberText,
    fc.option(numberText),
    fc.option(
      fc.oneof(
        fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
        fc.string({ maxLength: 10 }),
      ),
    ),
    fc.option(numberText),
    fc.nat(3),
    fc.option(fc.tuple(numberText, numberText)),
  )
  .map(
    ([lat, lon, ele, time, speed, depth, sensors]) =>
      `${'<x>'.repeat(depth)}<trkpt lat="${lat}" lon="${lon}">${ele === null ? '' : `<ele>${ele}</ele>`}${
        time === null ? '' : `<time>${time}</time>`
      }${speed === null ? '' : `<extensions><gpxtpx:TrackPointExtension>${sensors === null ? '' : `<gpxtpx:hr>${sensors[0]}</gpxtpx:hr><gpxtpx:cad>${sensors[1]}</gpxtpx:cad>`}<gpxtpx:speed>${speed}</gpxtpx:speed></gpxtpx:TrackPointExtension><rada:distance>${speed}</rada:distance></extensions>`}</trkpt>${'</x>'.repeat(depth)}`,
  );
const gpxShapes = fc.oneof(
  fc
    .tuple(points, fc.string({ maxLength: 8 }))
    .map(([ps, name]) => trackToGpx(ps, { name, time: 0 })),
  fc
    .array(gpxPoint, { maxLength: 6 })
    .map(
      (ps) =>
        `<gpx xmlns:gpxtpx="${GPXTPX_V1_NAMESPACE}"><trk><trkseg>${ps.join('')}</trkseg></trk></gpx>`,
    ),
);
const gpxText = fc.oneof(
  { weight: 3, arbitrary: gpxShapes },
  { weight: 4, arbitrary: mutatedText(gpxShapes, GPX_TOKENS) },
  { weight: 2, arbitrary: tokenSoup(GPX_TOKENS) },
  { weight: 1, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: repeated(['1', ' ', '<a>', '</a>', '<trkpt lat="1" lon="2">']).map(
      (big) =>
        `<gpx><trkpt lat="1" lon="2"><ele>${big}</ele><time>${big}</time></trkpt>${big}</gpx>`,
    ),
  },
);

/** Raw device points: valid ones with one field replaced, aliases, or anything at all. */
const rawPoint = fc.oneof(
  point.map((p) => ({ ...p, t: Date.UTC(2024, 0, 1) + (p.t % 1e9) }) as unknown),
  fc
    .tuple(
      point,
      fc.constantFrom('t', 'y', 'x', 'a', 's', 'l', 'g', 'd', 'h', 'c', 'b', 'lat', 'lng', 'lon'),
      fc.oneof(
        fc.double(),
        fc.anything(),
        fc.constantFrom(1e300, -1e300, 2 ** 60, Number.MAX_VALUE),
      ),
    )
    .map(([p, key, value]) => ({ ...p, t: Date.UTC(2024, 0, 1), [key]: value }) as unknown),
  fc.anything(),
);

describe('track parsers never crash on any input', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('codec: decodeTrack answers storable points in time order or a TrackFormatError', () => {
    fc.assert(
      fc.property(trackBytes, (bytes) => {
        const out = outcome(() => decodeTrack(bytes), isTrackError);
        if (out.ok) checkPoints(out.value, true);
      }),
      fuzzOptions(),
    );
  });

  it('codec: encode then decode gives the points at their precision', () => {
    fc.assert(
      fc.property(points, (ps) => {
        const want = [...ps].sort((p, q) => p.t - q.t).map(atPrecision);
        expect(decodeTrack(encodeTrack(ps))).toEqual(want);
      }),
      fuzzOptions(ROUND_TRIP_RUNS),
    );
  });

  it('GPX: heart rate and cadence in range survive export and import, others are left out', () => {
    fc.assert(
      fc.property(points, (ps) => {
        const back = trackFromGpx(trackToGpx(ps, { name: 'x' })).points;
        check(back.length === ps.length, 'points lost', { ps, back });
        ps.forEach((p, i) => {
          check(back[i]!.h === (heartRateOf(p.h) ?? undefined), 'heart rate changed', { p, back });
          check(back[i]!.c === (cadenceOf(p.c) ?? undefined), 'cadence changed', { p, back });
        });
      }),
      fuzzOptions(ROUND_TRIP_RUNS),
    );
  });

  it('codec: trackFromBase64 answers bytes or a TrackFormatError', () => {
    const base64 = fc.oneof(
      randomText,
      encoded.map(trackToBase64),
      mutatedText(encoded.map(trackToBase64), ['=', '==', '-', '_', '+', '/', ' ', 'A']),
    );
    fc.assert(
      fc.property(base64, (text) => {
        const out = outcome(() => trackFromBase64(text), isTrackError);
        if (out.ok) {
          check(out.value instanceof Uint8Array, 'not bytes', text);
          outcome(() => decodeTrack(out.value), isTrackError);
        }
      }),
      fuzzOptions(),
    );
  });

  it('GPX: trackFromGpx answers storable points or a GpxTrackError', () => {
    fc.assert(
      fc.property(gpxText, (text) => {
        const out = outcome(() => trackFromGpx(text), isGpxError);
        if (!out.ok) return;
        // Read points go through the device point check before they are stored (importGpx).
        for (const p of out.value.points) {
          check(Math.abs(p.y) <= 90 && Math.abs(p.x) <= 180, 'out of range', p);
          check(Number.isFinite(p.t), 'time not finite', p);
          checkSensorRanges(p);
          const kept = validatePoint(p, Date.UTC(2030, 0, 1));
          if ('point' in kept) checkPoints([kept.point], true);
        }
        check(
          out.value.problems.every((s) => typeof s === 'string'),
          'problem not text',
          out.value,
        );
      }),
      fuzzOptions(),
    );
  });

  it('device points: validatePoint answers a storable point or a reason', () => {
    const now = Date.UTC(2024, 0, 2);
    fc.assert(
      fc.property(rawPoint, (raw) => {
        const out = outcome(
          () => validatePoint(raw, now),
          () => false,
        );
        if (!out.ok) return;
        if ('point' in out.value) {
          checkPoints([out.value.point], true);
          checkSensorRanges(out.value.point);
        } else check(typeof out.value.problem === 'string', 'no reason', out.value);
      }),
      fuzzOptions(),
    );
  });

  it('GPX tracks take linear time on long runs of any one piece', () => {
    const gpx = (text: string) => outcome(() => trackFromGpx(text), isGpxError);
    checkLinear(
      gpx,
      ['<a>', '</a>', '<a ', '<!--x-->', '&#49;', '<trkpt lat="1" lon="2"><time>1</time></trkpt>'],
      (run) => `<gpx>${run}</gpx>`,
    );
    checkLinear(
      gpx,
      ['1', ' '],
      (run) =>
        `<gpx><trkpt lat="${run}" lon="1"><ele>${run}</ele><time>${run}</time></trkpt></gpx>`,
    );
    const base64 = (text: string) => outcome(() => trackFromBase64(text), isTrackError);
    checkLinear(base64, ['A', ' ', '=', '-']);
  });
});
