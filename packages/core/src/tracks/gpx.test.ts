import { describe, expect, it } from 'vitest';
// Real data from outside the project (see fixtures/README.md), read as text.
import jukola from '../../../../fixtures/gpx/jukola-2019-leg1-strava.gpx?raw';
import { decodeTrack, encodeTrack } from './codec.ts';
import { GpxTrackError, trackFromGpx, trackToGpx } from './gpx.ts';
import { atPrecision } from './testing.ts';
import type { LocationPoint } from './types.ts';

describe('trackFromGpx on the Jukola 2019 Strava fixture', () => {
  const { points, problems } = trackFromGpx(jukola);

  it('reads every point with position, elevation and time', () => {
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
    });
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

  it('reads speed from a Garmin TrackPointExtension', () => {
    const text = `<gpx xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"><trk><trkseg>
<trkpt lat="1" lon="2"><time>2025-05-01T10:00:00.500Z</time><extensions><ns3:TrackPointExtension><ns3:hr>150</ns3:hr><ns3:speed>4.2</ns3:speed></ns3:TrackPointExtension></extensions></trkpt>
</trkseg></trk></gpx>`;
    expect(trackFromGpx(text).points[0]).toMatchObject({
      t: Date.UTC(2025, 4, 1, 10, 0, 0, 500),
      s: 4.2,
    });
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
