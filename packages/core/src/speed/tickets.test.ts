import { describe, expect, it } from 'vitest';
import type { LocationPoint } from '../tracks/types.ts';
import type { SpeedArea, SpeedSettings } from '../speed.ts';
import { DEFAULT_SPEED } from '../limits.ts';
import { haversine } from '../tracks/stats.ts';
import { pointInPolygon } from './geo.ts';
import { COMPUTED_TICKET_ID, pointSpeedsKmh, speedTickets, ticketsPossible } from './tickets.ts';

const SPEED: SpeedSettings = { ...DEFAULT_SPEED, limit: 90 };
const T0 = 1_767_000_000_000;
const LAT = 58.3;
/** Metres per degree of longitude at LAT. */
const M_PER_LNG = haversine({ y: LAT, x: 26 }, { y: LAT, x: 27 });

const point = (t: number, x: number, s: number | null, y = LAT): LocationPoint => ({
  t,
  x,
  y,
  s,
  a: null,
  l: null,
  g: null,
  d: null,
});

/**
 * A track driving east from longitude 26 along LAT, one point per second (or `stepS`), at the
 * given km/h for each second; `s` is sent unless `withS` is false (speed from distance then).
 */
function drive(kmhs: number[], opts: { stepS?: number; withS?: boolean; x0?: number } = {}) {
  const step = opts.stepS ?? 1;
  let x = opts.x0 ?? 26;
  const out: LocationPoint[] = [point(T0, x, opts.withS === false ? null : (kmhs[0] ?? 0) / 3.6)];
  kmhs.forEach((v, i) => {
    x += ((v / 3.6) * step) / M_PER_LNG;
    out.push(point(T0 + (i + 1) * step * 1000, x, opts.withS === false ? null : v / 3.6));
  });
  return out;
}
const repeat = (v: number, n: number) => Array.from({ length: n }, () => v);

/** A rectangle around longitudes [x1, x2] at LAT. */
const box = (x1: number, x2: number, extra: Partial<SpeedArea> = {}): SpeedArea => ({
  name: 'Box',
  area: [
    { latitude: LAT - 0.01, longitude: x1 },
    { latitude: LAT - 0.01, longitude: x2 },
    { latitude: LAT + 0.01, longitude: x2 },
    { latitude: LAT + 0.01, longitude: x1 },
  ],
  restricted: false,
  limit: null,
  timed: false,
  ...extra,
});

describe('pointInPolygon', () => {
  const square = box(26, 26.1).area;
  it('tells inside from outside, concave shapes included', () => {
    expect(pointInPolygon(LAT, 26.05, square)).toBe(true);
    expect(pointInPolygon(LAT, 26.2, square)).toBe(false);
    expect(pointInPolygon(LAT + 0.02, 26.05, square)).toBe(false);
    const ell = [
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 2 },
      { latitude: 1, longitude: 2 },
      { latitude: 1, longitude: 1 },
      { latitude: 2, longitude: 1 },
      { latitude: 2, longitude: 0 },
    ];
    expect(pointInPolygon(0.5, 1.5, ell)).toBe(true);
    expect(pointInPolygon(1.5, 0.5, ell)).toBe(true);
    expect(pointInPolygon(1.5, 1.5, ell)).toBe(false);
    expect(pointInPolygon(0.5, 0.5, ell.slice(0, 2))).toBe(false);
  });
});

describe('point speeds', () => {
  it('uses s, else the distance from the neighbouring point, and nothing across a gap', () => {
    const track = drive([72, 72], { withS: false });
    const speeds = pointSpeedsKmh(track);
    for (const v of speeds) expect(v).toBeCloseTo(72, 1);
    const lone = [point(T0, 26, null), point(T0 + 120_000, 26.1, null)];
    expect(pointSpeedsKmh(lone)).toEqual([null, null]);
    expect(pointSpeedsKmh([point(T0, 26, 10)])[0]).toBeCloseTo(36, 6);
  });
});

describe('speedTickets', () => {
  it('issues nothing without a limit or areas, as ticketsPossible says, and with either', () => {
    const fast = drive(repeat(200, 120));
    const none: SpeedSettings = { ...SPEED, limit: null };
    expect(ticketsPossible(none, {})).toBe(false);
    expect(speedTickets(fast, none, {})).toEqual([]);
    expect(ticketsPossible(SPEED, {})).toBe(true);
    expect(speedTickets(fast, SPEED, {}).length).toBeGreaterThan(0);
    expect(ticketsPossible(none, { v: box(26, 26.5, { restricted: true }) })).toBe(true);
  });

  // Default settings: limit 90, over1 2 for 10 s, over2 10 for 5 s.
  it('issues over1 when the speed stays over limit + over1 exactly delay1 seconds', () => {
    // 11 points at 95 km/h: t = 0 … 10 s, 10 s over.
    const track = drive([...repeat(60, 5), ...repeat(95, 11), ...repeat(60, 5)]);
    const tickets = speedTickets(track, SPEED, {});
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ kind: 'over1', speed: 95, limit: 90, area: null });
    expect(tickets[0]!.endt - tickets[0]!.t).toBe(10_000);
    expect(tickets[0]!.id).toBe(`over1-${tickets[0]!.t}`);
    expect(tickets[0]!.id).toMatch(COMPUTED_TICKET_ID);
  });

  it('issues nothing one second short of delay1, or at exactly limit + over1', () => {
    const short = drive([...repeat(60, 5), ...repeat(95, 10), ...repeat(60, 5)]);
    expect(speedTickets(short, SPEED, {})).toEqual([]);
    const atThreshold = drive([...repeat(60, 5), ...repeat(92, 30), ...repeat(60, 5)]);
    expect(speedTickets(atThreshold, SPEED, {})).toEqual([]);
  });

  it('issues over2 after delay2 seconds over limit + over2; one ticket per episode', () => {
    // 6 points at 101 (5 s) inside a 30 s episode over 92.
    const track = drive([...repeat(95, 12), ...repeat(101, 6), ...repeat(95, 12), 50]);
    const tickets = speedTickets(track, SPEED, {});
    expect(tickets.map((t) => [t.kind, t.speed])).toEqual([['over2', 101]]);
    const brief = drive([...repeat(60, 3), ...repeat(101, 5), ...repeat(60, 3)]);
    expect(speedTickets(brief, SPEED, {})).toEqual([]);
    const twoEpisodes = drive([...repeat(95, 12), 60, ...repeat(95, 12)]);
    expect(speedTickets(twoEpisodes, SPEED, {}).map((t) => t.kind)).toEqual(['over1', 'over1']);
  });

  it('takes the area limit inside an area and the event limit elsewhere', () => {
    // 65 km/h for 40 s (about 720 m) from 26.0: the first half inside a 50 km/h village.
    const village = box(25.99, 26 + 360 / M_PER_LNG, { limit: 50 });
    const track = drive(repeat(65, 40));
    const tickets = speedTickets(track, SPEED, { village });
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ kind: 'over2', limit: 50, area: 'village', speed: 65 });
    // Exactly limit + over2 is not over it: 60 in the village is an over1.
    const sixty = speedTickets(drive(repeat(60, 40)), SPEED, { village });
    expect(sixty.map((t) => t.kind)).toEqual(['over1']);
    expect(speedTickets(track, SPEED, {})).toEqual([]);
    // An area without a limit keeps the event's.
    expect(speedTickets(track, SPEED, { v: box(25.99, 26.1) })).toEqual([]);
  });

  it('checks no speed outside areas with a limit when the event has none (teams on foot)', () => {
    const none: SpeedSettings = { ...SPEED, limit: null };
    const track = drive(repeat(120, 40));
    expect(speedTickets(track, none, {})).toEqual([]);
    // An area without a limit has none either; one with a limit still counts, timed ones too.
    expect(speedTickets(track, none, { v: box(25.99, 26.1) })).toEqual([]);
    const village = box(25.99, 26 + 360 / M_PER_LNG, { limit: 50 });
    const inVillage = speedTickets(drive(repeat(65, 40)), none, { village, v: box(25.99, 26.1) });
    expect(inVillage.map((t) => [t.kind, t.limit, t.area])).toEqual([['over2', 50, 'village']]);
    const timed = box(26 + 100 / M_PER_LNG, 26 + 1100 / M_PER_LNG, { timed: true });
    expect(speedTickets(drive(repeat(60, 80), { withS: false }), none, { timed })).toEqual([]);
    // Entering a restricted area is a ticket whatever the speed, with no limit to name.
    const zone = box(26 + 100 / M_PER_LNG, 26 + 200 / M_PER_LNG, { restricted: true });
    const entered = speedTickets(drive(repeat(5, 100)), none, { zone });
    expect(entered.map((t) => [t.kind, t.limit])).toEqual([['restricted', null]]);
  });

  it('gives one restricted ticket per entry, again on re-entry, none for a gap inside', () => {
    const zone = box(26 + 100 / M_PER_LNG, 26 + 200 / M_PER_LNG, { restricted: true });
    // 10 m/s east: enters at ~100 m, leaves at ~200 m, turns back through it, then stops inside.
    const east = drive(repeat(36, 30));
    const back = east
      .slice()
      .reverse()
      .map((p, i) => ({ ...p, t: T0 + 31_000 + i * 1000 }));
    const tickets = speedTickets([...east, ...back], SPEED, { zone });
    expect(tickets.map((t) => t.kind)).toEqual(['restricted', 'restricted']);
    expect(tickets[0]).toMatchObject({ area: 'zone', limit: 90, speed: 36 });
    expect(tickets[0]!.id).toBe(`restricted-zone-${tickets[0]!.t}`);
    const inside = 26 + 150 / M_PER_LNG;
    const gap = [point(T0, 26, 10), point(T0 + 20_000, inside, 0), point(T0 + 600_000, inside, 0)];
    expect(speedTickets(gap, SPEED, { zone })).toHaveLength(1);
  });

  it('checks the average over a pass through a timed area instead of the speed', () => {
    // A 1 km timed area with limit 50 (+ over1 2 = 52 average allowed).
    const timed = box(26 + 100 / M_PER_LNG, 26 + 1100 / M_PER_LNG, { timed: true, limit: 50 });
    // Fast (100) then slow (30): average ~48 km/h in the area, under 52: no ticket at all, even
    // though 100 km/h inside would be an over2 anywhere else.
    const legal = drive([...repeat(100, 18), ...repeat(30, 60), ...repeat(50, 20)], {
      withS: false,
    });
    expect(speedTickets(legal, SPEED, { timed })).toEqual([]);
    // Steady 60 through it: one timed ticket with the average.
    const fast = drive(repeat(60, 80), { withS: false });
    const tickets = speedTickets(fast, SPEED, { timed });
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ kind: 'timed', area: 'timed', limit: 50 });
    expect(tickets[0]!.speed).toBeCloseTo(60, 0);
    expect(tickets[0]!.id).toBe(`timed-timed-${tickets[0]!.t}`);
  });

  it('ends an episode at a gap in the data and ignores unsorted or duplicate points', () => {
    // 6 s over, 2 min silence, 6 s over: neither half lasts 10 s.
    const first = drive(repeat(95, 6));
    const second = drive(repeat(95, 6), { x0: 26.1 }).map((p) => ({ ...p, t: p.t + 180_000 }));
    expect(speedTickets([...second, ...first], SPEED, {})).toEqual([]);
    const whole = drive(repeat(95, 12));
    const tickets = speedTickets([...whole, ...whole].reverse(), SPEED, {});
    expect(tickets).toHaveLength(1);
    expect(speedTickets([], SPEED, {})).toEqual([]);
  });

  it('derives the same ids on a recomputation with more data', () => {
    const track = drive([...repeat(95, 12), ...repeat(60, 5), ...repeat(95, 12)]);
    const early = speedTickets(track.slice(0, 20), SPEED, {});
    const later = speedTickets(track, SPEED, {});
    expect(later.map((t) => t.id).slice(0, 1)).toEqual(early.map((t) => t.id));
    expect(later).toHaveLength(2);
  });
});
