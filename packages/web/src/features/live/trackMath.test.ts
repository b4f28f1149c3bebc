import { describe, expect, it } from 'vitest';
import {
  lastIndexAtOrBefore,
  mergePoints,
  TRACK_GAP_MS,
  positionAt,
  splitAtGaps,
  tailRunsAt,
  timeSpan,
} from './trackMath.ts';
import type { TailRun, TimedPoint } from './trackMath.ts';

const p = (t: number, y: number, x: number) => ({ t, y, x });
const track = [p(1000, 58, 25), p(2000, 59, 26), p(4000, 59, 28)];

describe('positionAt', () => {
  it('is null before the first point and the last point after the end', () => {
    expect(positionAt(track, 999)).toBeNull();
    expect(positionAt([], 5000)).toBeNull();
    expect(positionAt(track, 9000)).toEqual({ y: 59, x: 28 });
  });

  it('interpolates linearly between the points around the time', () => {
    expect(positionAt(track, 1000)).toEqual({ y: 58, x: 25 });
    expect(positionAt(track, 1500)).toEqual({ y: 58.5, x: 25.5 });
    expect(positionAt(track, 3000)).toEqual({ y: 59, x: 27 });
    expect(positionAt(track, 4000)).toEqual({ y: 59, x: 28 });
  });

  it('finds the last point at or before a time by binary search', () => {
    const many = Array.from({ length: 1001 }, (_, i) => p(i * 10, 0, 0));
    expect(lastIndexAtOrBefore(many, -1)).toBe(-1);
    expect(lastIndexAtOrBefore(many, 0)).toBe(0);
    expect(lastIndexAtOrBefore(many, 5555)).toBe(555);
    expect(lastIndexAtOrBefore(many, 10_000)).toBe(1000);
    expect(lastIndexAtOrBefore(many, 99_999)).toBe(1000);
  });
});

/** A tail's runs as one line of [lat, lng] pairs, when it is one solid run of the team's colour. */
const oneLine = (runs: TailRun[]) => {
  expect(runs.map((r) => [r.colour, r.gap])).toEqual([[null, false]]);
  return runs[0]!.latlngs;
};

describe('tailRunsAt', () => {
  const minute = [p(0, 0, 0), p(30_000, 1, 1), p(60_000, 2, 2), p(120_000, 3, 3)];

  it('is empty when off or before the track starts', () => {
    expect(tailRunsAt(minute, 60_000, 0)).toEqual([]);
    expect(tailRunsAt(minute, -1, 5)).toEqual([]);
  });

  it('holds the points of the last minutes and ends at the interpolated position', () => {
    expect(oneLine(tailRunsAt(minute, 90_000, 1))).toEqual([
      [1, 1],
      [2, 2],
      [2.5, 2.5],
    ]);
    expect(oneLine(tailRunsAt(minute, 60_000, 1))).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('holds the whole track so far when the length is null', () => {
    expect(oneLine(tailRunsAt(minute, 200_000, null))).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });
});

describe('gaps', () => {
  const MIN = 60_000;
  // Three points a minute apart, nothing for 20 minutes, two more.
  const pocket: TimedPoint[] = [
    p(0, 58, 26),
    p(MIN, 58.001, 26),
    p(2 * MIN, 58.002, 26),
    p(22 * MIN, 58.05, 26.1),
    p(23 * MIN, 58.051, 26.1),
  ];

  it('splits a track where consecutive points are more than the threshold apart', () => {
    const { runs, gaps } = splitAtGaps(pocket);
    expect(runs.map((r) => r.map((q) => q.t / MIN))).toEqual([
      [0, 1, 2],
      [22, 23],
    ]);
    expect(gaps.map(([a, b]) => [a.t / MIN, b.t / MIN])).toEqual([[2, 22]]);
  });

  it('takes exactly the threshold as no gap, a millisecond more as one', () => {
    expect(TRACK_GAP_MS).toBe(5 * MIN);
    expect(splitAtGaps([p(0, 0, 0), p(TRACK_GAP_MS, 1, 1)]).gaps).toEqual([]);
    const split = splitAtGaps([p(0, 0, 0), p(TRACK_GAP_MS + 1, 1, 1), p(TRACK_GAP_MS + 2, 2, 2)]);
    expect(split.runs.map((r) => r.length)).toEqual([1, 2]);
    expect(split.gaps).toHaveLength(1);
    expect(splitAtGaps([])).toEqual({ runs: [], gaps: [] });
  });

  it('follows a threshold given', () => {
    expect(splitAtGaps(pocket, 30 * MIN).gaps).toEqual([]);
    expect(splitAtGaps(pocket, 30_000).runs).toHaveLength(5);
  });

  it('draws the jump over a gap as a run of its own, between solid runs', () => {
    const runs = tailRunsAt(pocket, 23 * MIN, null);
    expect(runs).toEqual([
      {
        colour: null,
        gap: false,
        latlngs: [
          [58, 26],
          [58.001, 26],
          [58.002, 26],
        ],
      },
      {
        colour: null,
        gap: true,
        latlngs: [
          [58.002, 26],
          [58.05, 26.1],
        ],
      },
      {
        colour: null,
        gap: false,
        latlngs: [
          [58.05, 26.1],
          [58.051, 26.1],
        ],
      },
    ]);
    // A point after the gap alone draws the jump and no solid line after it.
    expect(tailRunsAt(pocket, 22 * MIN, null).map((r) => r.gap)).toEqual([false, true]);
    // A 5-minute tail after the gap starts after it.
    expect(tailRunsAt(pocket, 23 * MIN, 5).map((r) => r.gap)).toEqual([false]);
  });

  it('holds the marker at the last point inside a gap and draws no line into it', () => {
    expect(positionAt(pocket, 12 * MIN)).toEqual({ y: 58.002, x: 26 });
    expect(positionAt(pocket, 90_000)).toEqual({ y: 58.0015, x: 26 });
    expect(tailRunsAt(pocket, 12 * MIN, null).map((r) => [r.gap, r.latlngs.length])).toEqual([
      [false, 3],
    ]);
  });

  it('never colours a jump by speed', () => {
    const runs = tailRunsAt(pocket, 23 * MIN, null, [{ s: 0, c: '#ff0000' }]);
    expect(runs.map((r) => [r.colour, r.gap])).toEqual([
      ['#ff0000', false],
      [null, true],
      ['#ff0000', false],
    ]);
  });
});

describe('mergePoints', () => {
  it('appends, inserts out-of-order points and skips duplicates', () => {
    const t = [p(1000, 0, 0), p(3000, 0, 0)];
    expect(mergePoints(t, [p(5000, 1, 1), p(2000, 2, 2), p(3000, 9, 9)])).toBe(true);
    expect(t.map((q) => q.t)).toEqual([1000, 2000, 3000, 5000]);
    expect(t[2]!.y).toBe(0);
    expect(mergePoints(t, [p(1000, 5, 5)])).toBe(false);
  });
});

describe('timeSpan', () => {
  it('spans the first to the last point of all tracks', () => {
    expect(timeSpan([[p(5, 0, 0), p(9, 0, 0)], [], [p(2, 0, 0), p(7, 0, 0)]])).toEqual([2, 9]);
    expect(timeSpan([[], []])).toBeNull();
  });
});

describe('tailRunsAt by speed', () => {
  // About 111 m per 0.001° of latitude: 0.001° in 10 s is 40 km/h, in 5 s 80 km/h.
  const p = (t: number, y: number) => ({ t: t * 1000, y, x: 26 });
  const track = [
    p(0, 58),
    p(10, 58.001),
    p(20, 58.002),
    p(25, 58.003),
    p(30, 58.004),
    p(40, 58.005),
  ];
  const ranges = [
    { s: 30, c: '#00ff00' },
    { s: 60, c: '#ff0000' },
  ];

  it('cuts the tail into runs of one colour by each leg’s speed, sharing end points', () => {
    const runs = tailRunsAt(track, 40_000, null, ranges);
    expect(runs.map((r) => [r.colour, r.latlngs.length])).toEqual([
      ['#00ff00', 3],
      ['#ff0000', 3],
      ['#00ff00', 2],
    ]);
    expect(runs[0]!.latlngs.at(-1)).toEqual(runs[1]!.latlngs[0]);
  });

  it('keeps the team’s colour below every range and follows the tail window', () => {
    expect(
      tailRunsAt(track, 40_000, null, [{ s: 100, c: '#000000' }]).map((r) => r.colour),
    ).toEqual([null]);
    // A one-minute tail at 40 s still starts at the first point; 0 minutes is no tail.
    expect(tailRunsAt(track, 40_000, 0, ranges)).toEqual([]);
    expect(tailRunsAt(track, -1, null, ranges)).toEqual([]);
  });
});
