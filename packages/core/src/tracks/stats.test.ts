import { describe, expect, it } from 'vitest';
import { emptyTrackStat, fillDistances, haversine, trackStats } from './stats.ts';
import type { LocationPoint } from './types.ts';

const T0 = 1_767_261_600_000;
const pt = (t: number, y: number, x: number, s: number | null = null): LocationPoint => ({
  t,
  y,
  x,
  a: null,
  s,
  l: null,
  g: null,
  d: null,
});

describe('haversine', () => {
  it('measures known distances', () => {
    expect(haversine({ y: 0, x: 0 }, { y: 1, x: 0 })).toBeCloseTo(111_195.08, 1);
    expect(haversine({ y: 60, x: 24 }, { y: 61, x: 24 })).toBeCloseTo(111_195.08, 1);
    // One degree of longitude at 60° N is half of one at the equator.
    expect(haversine({ y: 60, x: 24 }, { y: 60, x: 25 })).toBeCloseTo(55_595.9, -1);
    expect(haversine({ y: 0, x: 0 }, { y: 0, x: 180 })).toBeCloseTo(Math.PI * 6_371_008.8, 3);
    expect(haversine({ y: 59.4, x: 24.7 }, { y: 59.4, x: 24.7 })).toBe(0);
  });
});

describe('trackStats', () => {
  // Northwards along a meridian: 0.0001° ≈ 11.12 m per step.
  const step = haversine({ y: 0, x: 0 }, { y: 0.0001, x: 0 });

  it('counts distance, moving time and average speed', () => {
    const pts = [0, 1, 2, 3].map((i) => pt(T0 + i * 10_000, 59 + i * 0.0001, 24));
    const s = trackStats(pts);
    expect(s.dst).toBeCloseTo(3 * step, 6);
    expect(s.moving).toBe(30_000);
    expect(s.avgspd).toBeCloseTo((3 * step) / 30, 6);
    expect(s).toMatchObject({
      points: 4,
      firstT: T0,
      lastT: T0 + 30_000,
      last: { y: 59.0003, x: 24 },
    });
  });

  it('does not count standing still or gaps over 5 minutes as moving', () => {
    const pts = [
      pt(T0, 59, 24),
      pt(T0 + 60_000, 59, 24), // standing
      pt(T0 + 120_000, 59, 24, 1.2), // reported speed: moving
      pt(T0 + 120_000 + 301_000, 59.01, 24), // a gap
      pt(T0 + 120_000 + 302_000, 59.0101, 24),
    ];
    const s = trackStats(pts);
    expect(s.moving).toBe(60_000 + 1000);
    expect(s.dst).toBeCloseTo(haversine({ y: 59, x: 24 }, { y: 59.0101, x: 24 }), 6);
    expect(s.mdst).toBeCloseTo(step, 6);
  });

  it('is incremental: batch by batch equals all at once', () => {
    let seed = 1;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pts: (LocationPoint & { b?: number })[] = [];
    let y = 59;
    let x = 24;
    for (let i = 0; i < 500; i++) {
      y += (rnd() - 0.5) * 0.0002;
      x += (rnd() - 0.5) * 0.0002;
      pts.push({
        ...pt(T0 + i * 1000 + (i > 300 ? 600_000 : 0), y, x, rnd() * 2),
        b: 1 - i / 1000,
      });
    }
    const whole = trackStats(pts);
    let stat = trackStats([]);
    for (let i = 0; i < pts.length; i += 37) stat = trackStats(pts.slice(i, i + 37), stat);
    expect(stat.points).toBe(whole.points);
    expect(stat.moving).toBe(whole.moving);
    expect(stat.dst).toBeCloseTo(whole.dst, 6);
    expect(stat.avgspd!).toBeCloseTo(whole.avgspd!, 9);
    expect(stat.battery).toBe(1 - 499 / 1000);
    expect(stat).toMatchObject({ firstT: whole.firstT, lastT: whole.lastT, last: whole.last });
  });

  it('sorts the batch and leaves the inputs alone', () => {
    const prev = trackStats([pt(T0, 59, 24)]);
    const frozen = JSON.stringify(prev);
    const s = trackStats([pt(T0 + 20_000, 59.0002, 24), pt(T0 + 10_000, 59.0001, 24)], prev);
    expect(JSON.stringify(prev)).toBe(frozen);
    expect(s.dst).toBeCloseTo(2 * step, 6);
    expect(s.last).toEqual({ y: 59.0002, x: 24 });
  });

  it('has no average speed without movement (spec 01 §8)', () => {
    expect(trackStats([])).toEqual(emptyTrackStat());
    expect(trackStats([]).avgspd).toBeNull();
    expect(trackStats([pt(T0, 59, 24), pt(T0 + 1000, 59, 24)]).avgspd).toBeNull();
  });

  it('continues a stored record that has no mdst', () => {
    const old = { ...trackStats([pt(T0, 59, 24), pt(T0 + 10_000, 59.0001, 24)]) };
    delete old.mdst;
    const s = trackStats([pt(T0 + 20_000, 59.0002, 24)], old);
    expect(s.mdst).toBeCloseTo(2 * step, 6);
  });
});

describe('fillDistances', () => {
  it('measures from the previous point, the first from prev', () => {
    const pts = [pt(T0 + 1000, 0.0001, 0), pt(T0, 0, 0)];
    const filled = fillDistances(pts);
    expect(filled.map((p) => p.t)).toEqual([T0, T0 + 1000]);
    expect(filled[0]!.d).toBeNull();
    expect(filled[1]!.d).toBeCloseTo(11.12, 2);
    expect(fillDistances(pts, { y: 0, x: -0.0001 })[0]!.d).toBeCloseTo(11.12, 2);
    expect(pts[0]!.d).toBeNull();
  });
});
