import { describe, expect, it } from 'vitest';
import { GpxTrackError, trackFromGpx } from '@rada/core';
import { OFF_LOOP_MIN_CHARS, readGpxOffLoop } from './gpxOffLoop.ts';
import { packPoints, unpackPoints } from './packedPoints.ts';

/** A GPX text of `count` points, every other one with elevation and speed. */
function gpxOf(count: number): string {
  const points = Array.from({ length: count }, (_, i) => {
    const time = new Date(Date.UTC(2026, 0, 1, 10) + i * 1000).toISOString();
    const extra = i % 2 === 0 ? `<ele>${40 + i / 10}</ele><speed>1.5</speed>` : '';
    return `<trkpt lat="${58 + i * 1e-6}" lon="${26 + i * 1e-6}">${extra}<time>${time}</time></trkpt>`;
  });
  return `<gpx version="1.1" creator="t"><trk><trkseg>${points.join('\n')}</trkseg></trk></gpx>`;
}

describe('reading GPX off the event loop', () => {
  it('gives the points core reads in place, nulls included', async () => {
    const text = gpxOf(5000);
    expect(text.length).toBeGreaterThan(OFF_LOOP_MIN_CHARS);
    const read = await readGpxOffLoop(text);
    expect(read).toEqual(trackFromGpx(text));
    expect(read.points[1]?.l).toBeNull();
    expect(unpackPoints(packPoints(read.points))).toEqual(read.points);
  });

  it('throws what core throws for a large text that is not GPX', async () => {
    const text = `<kml>${' '.repeat(OFF_LOOP_MIN_CHARS)}</kml>`;
    await expect(readGpxOffLoop(text)).rejects.toBeInstanceOf(GpxTrackError);
  });
});
