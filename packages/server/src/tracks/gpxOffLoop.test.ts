import { describe, expect, it } from 'vitest';
import { GpxTrackError, trackFromGpx } from '@rada/core';
import { OFF_LOOP_MIN_CHARS, readGpxOffLoop } from './gpxOffLoop.ts';
import { packPoints, unpackPoints } from './packedPoints.ts';

/**
 * A GPX text of `count` points, every other one with elevation and speed, every third with a
 * heart rate (and cadence but every sixth) in Garmin's TrackPointExtension.
 */
function gpxOf(count: number): string {
  const points = Array.from({ length: count }, (_, i) => {
    const time = new Date(Date.UTC(2026, 0, 1, 10) + i * 1000).toISOString();
    const extra = i % 2 === 0 ? `<ele>${40 + i / 10}</ele><speed>1.5</speed>` : '';
    const cad = i % 6 === 0 ? '' : `<tp:cad>${80 + (i % 7)}</tp:cad>`;
    const sensors =
      i % 3 === 0
        ? `<extensions><tp:TrackPointExtension><tp:hr>${120 + (i % 50)}</tp:hr>${cad}</tp:TrackPointExtension></extensions>`
        : '';
    return `<trkpt lat="${58 + i * 1e-6}" lon="${26 + i * 1e-6}">${extra}<time>${time}</time>${sensors}</trkpt>`;
  });
  return `<gpx version="1.1" creator="t" xmlns:tp="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>${points.join('\n')}</trkseg></trk></gpx>`;
}

describe('reading GPX off the event loop', () => {
  it('gives the points core reads in place, nulls included', async () => {
    const text = gpxOf(5000);
    expect(text.length).toBeGreaterThan(OFF_LOOP_MIN_CHARS);
    const read = await readGpxOffLoop(text);
    expect(read).toEqual(trackFromGpx(text));
    expect(read.points[1]?.l).toBeNull();
    expect(read.points.slice(0, 4).map((p) => [p.h, p.c])).toEqual([
      [120, undefined],
      [undefined, undefined],
      [undefined, undefined],
      [123, 83],
    ]);
    expect(unpackPoints(packPoints(read.points))).toEqual(read.points);
  });

  it('throws what core throws for a large text that is not GPX', async () => {
    const text = `<kml>${' '.repeat(OFF_LOOP_MIN_CHARS)}</kml>`;
    await expect(readGpxOffLoop(text)).rejects.toBeInstanceOf(GpxTrackError);
  });
});
