import { describe, expect, it } from 'vitest';
// Real data from outside the project (see fixtures/README.md), read as text.
import jukola from '../../../../fixtures/gpx/jukola-2019-leg1-strava.gpx?raw';
import { decodeTrack, encodeTrack } from './codec.ts';
import { GpxTrackError, trackFromGpx, trackToGpx } from './gpx.ts';
import { atPrecision } from './testing.ts';
import type { LocationPoint } from './types.ts';

describe('trackFromGpx on the Jukola 2019 Strava fixture', () => {
  const { points, problems } = trackFromGpx(jukola);

  it('reads every point with position, elevation, time, heart rate and cadence', () => {
    expect(problems).toEqual([]);
    expect(points).toHaveLength(122);
    expect(points[0]).toEqual({
      t: Date.UTC(2019, 5, 15, 20, 0, 7),
      y: 61.425525,
      x: 24.194434,
      a: null,
      s: null,
      l: 100.9,
      g: null,
      d: null,
      h: 78,
      c: 63,
    });
    expect(points.every((p) => Number.isInteger(p.h) && Number.isInteger(p.c))).toBe(true);
    expect(points.at(-1)).toMatchObject({ t: Date.UTC(2019, 5, 15, 20, 2, 8), l: 109.4 });
  });

  it('survives encode → decode exactly at the precisions', () => {
    expect(decodeTrack(encodeTrack(points))).toEqual(points.map(atPrecision));
  });
});

describe('trackToGpx / trackFromGpx', () => {
  const points: LocationPoint[] = [
    {
      t: 1_767_261_600_000,
      y: 59.4369608,
      x: 24.7535747,
      a: 4.5,
      s: 3.25,
      l: 41.2,
      g: 180,
      d: null,
    },
    {
      t: 1_767_261_601_250,
      y: -33.8688197,
      x: -151.2092955,
      a: null,
      s: null,
      l: null,
      g: null,
      d: 7.5,
    },
    { t: 1_767_261_602_000, y: 0.0000001, x: -0.0000001, a: 0, s: 0, l: -10.01, g: 0.5, d: 0 },
  ];

  it('round-trips every field at the precisions', () => {
    const text = trackToGpx(points, { name: 'Team <1> & co', time: points[0]!.t });
    expect(text).toContain('<name>Team &lt;1&gt; &amp; co</name>');
    expect(text).toContain('<time>2026-01-01T10:00:00Z</time>');
    expect(text).toContain('lat="0.0000001" lon="-0.0000001"');
    const back = trackFromGpx(text);
    expect(back.problems).toEqual([]);
    expect(back.points).toEqual(points.map(atPrecision));
  });

  it('reads GPX 1.0 speed and course, routes, and reports unusable points', () => {
    const text = `<?xml version="1.0"?>
<gpx version="1.0"><rte>
  <rtept lat="58.1" lon="26.2"><time>2025-05-01T10:00:00Z</time><speed>2.5</speed><course>90</course></rtept>
  <rtept lat="58.2" lon="26.3"></rtept>
  <rtept lat="95" lon="26.3"><time>2025-05-01T10:00:01Z</time></rtept>
  <rtept lat="58.3" lon="26.4"><time>yesterday</time></rtept>
</rte></gpx>`;
    const { points: read, problems } = trackFromGpx(text);
    expect(read).toEqual([
      { t: Date.UTC(2025, 4, 1, 10), y: 58.1, x: 26.2, a: null, s: 2.5, l: null, g: 90, d: null },
    ]);
    expect(problems).toEqual([
      'rtept on line 4: no time',
      'rtept on line 5: bad or missing lat/lon',
      'rtept on line 6: bad time "yesterday"',
    ]);
  });

  it('reads speed and heart rate from a Garmin TrackPointExtension', () => {
    const text = `<gpx xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"><trk><trkseg>
<trkpt lat="1" lon="2"><time>2025-05-01T10:00:00.500Z</time><extensions><ns3:TrackPointExtension><ns3:hr>150</ns3:hr><ns3:speed>4.2</ns3:speed></ns3:TrackPointExtension></extensions></trkpt>
</trkseg></trk></gpx>`;
    expect(trackFromGpx(text).points[0]).toMatchObject({
      t: Date.UTC(2025, 4, 1, 10, 0, 0, 500),
      s: 4.2,
      h: 150,
    });
  });

  it('keeps heart rate and cadence through export and import, in the schema order', () => {
    const watch: LocationPoint[] = [
      { ...points[0]!, h: 142, c: 88 },
      { ...points[1]!, h: 150 },
      { ...points[2]!, c: 0 },
      // Out of the extension schema's range: not written, so the file stays valid.
      { ...points[2]!, t: points[2]!.t + 1000, h: 0, c: 255 },
    ];
    const text = trackToGpx(watch, { name: 'Watch' });
    expect(text).toContain(
      '<gpxtpx:TrackPointExtension><gpxtpx:hr>142</gpxtpx:hr><gpxtpx:cad>88</gpxtpx:cad><gpxtpx:speed>3.25</gpxtpx:speed><gpxtpx:course>180</gpxtpx:course></gpxtpx:TrackPointExtension>',
    );
    expect(text).toContain(
      '<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>150</gpxtpx:hr></gpxtpx:TrackPointExtension><rada:distance>7.5</rada:distance></extensions>',
    );
    expect(text).not.toContain('<gpxtpx:hr>0<');
    expect(text).not.toContain('<gpxtpx:cad>255<');
    const back = trackFromGpx(text).points;
    expect(back).toEqual(
      [watch[0]!, watch[1]!, watch[2]!, { ...watch[3]!, h: null, c: null }].map(atPrecision),
    );
    expect(decodeTrack(encodeTrack(back))).toEqual(back);
  });

  it('reads hr and cad of TrackPointExtension v1 and v2 under any prefix, and no others', () => {
    const v1 = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v1';
    const v2 = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v2';
    const pt = (ext: string, attrs = '') =>
      `<trkpt lat="58.1" lon="26.2"${attrs}><time>2025-05-01T10:00:00Z</time><extensions>${ext}</extensions></trkpt>`;
    const text = `<?xml version="1.0"?>
<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:ns3="${v1}" xmlns:other="urn:x"><trk><trkseg>
${pt('<ns3:TrackPointExtension><ns3:atemp>21</ns3:atemp><ns3:hr> 151 </ns3:hr><ns3:cad>90</ns3:cad></ns3:TrackPointExtension>')}
${pt(`<TrackPointExtension xmlns="${v2}"><hr>152.4</hr><cad>79.5</cad></TrackPointExtension>`)}
${pt('<g:TrackPointExtension><g:hr>153</g:hr></g:TrackPointExtension>', ` xmlns:g="${v2}"`)}
${pt('<other:hr>154</other:hr><other:cad>60</other:cad><hr>155</hr><gpxtpx:hr>156</gpxtpx:hr>')}
${pt('<ns3:TrackPointExtension><ns3:hr>0</ns3:hr><ns3:cad>300</ns3:cad></ns3:TrackPointExtension>')}
${pt('<ns3:TrackPointExtension><ns3:hr>fast</ns3:hr><ns3:cad>-0.4</ns3:cad></ns3:TrackPointExtension>')}
${pt('<ns3:TrackPointExtension><ns3:hr>1e999</ns3:hr><ns3:cad>254</ns3:cad></ns3:TrackPointExtension>')}
</trkseg></trk></gpx>`;
    const { points: read, problems } = trackFromGpx(text);
    expect(problems).toEqual([]);
    expect(read.map((p) => [p.h ?? null, p.c ?? null])).toEqual([
      [151, 90],
      [152, 80],
      [153, null],
      // another namespace, no namespace, an undeclared prefix: not Garmin's
      [null, null],
      // out of range: the value is dropped, the point kept
      [null, null],
      [null, 0],
      [null, 254],
    ]);
    expect('h' in read[3]!).toBe(false);
  });

  it('refuses what is not GPX with GpxTrackError', () => {
    expect(() => trackFromGpx('{"points": []}')).toThrow(GpxTrackError);
    expect(() => trackFromGpx('<kml><Document/></kml>')).toThrow(/root element is <kml>/);
    expect(() => trackFromGpx('')).toThrow(GpxTrackError);
  });
});

// Counterexample found by tracks.fuzz.test.ts: the number pattern backtracked quadratically.
describe('trackFromGpx on long numbers', () => {
  it('reads an elevation of 100 000 digits and a letter as no elevation, at once', () => {
    const gpx = `<gpx><trk><trkseg><trkpt lat="58.1" lon="26.2"><ele>${'1'.repeat(100_000)}x</ele><time>2024-05-01T10:00:00Z</time></trkpt></trkseg></trk></gpx>`;
    const start = Date.now();
    const { points } = trackFromGpx(gpx);
    expect(Date.now() - start).toBeLessThan(1000);
    expect(points).toHaveLength(1);
    expect(points[0]!.l).toBeNull();
  });
});
