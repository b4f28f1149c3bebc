import { describe, expect, it } from 'vitest';
import type { ResultStatus } from '../scoring/types.ts';
import {
  CUP_POINTS_PRESETS,
  cupOrder,
  cupStandings,
  cupTeamKey,
  cupTitle,
  eventPoints,
  nextPointsEntry,
} from './standings.ts';
import type { CupEvent, CupEventTeam, CupSettings } from './standings.ts';

const cup = (over: Partial<CupSettings> = {}): CupSettings => ({
  points: [25, 22, 20, 18],
  growingpoints: false,
  atleast1: false,
  missvalue: 0,
  countingevents: null,
  ...over,
});

/** An event team: `name@class` places with `place`, status finished unless given. */
const t = (
  spec: string,
  place: number | null,
  status: ResultStatus = 'finished',
  owner: string | null = null,
): CupEventTeam => {
  const [name, className = ''] = spec.split('@');
  return { teamId: spec, name: name!, className, place, status, owner };
};
const ev = (id: string, starttime: number, teams: CupEventTeam[] | null): CupEvent => ({
  id,
  starttime,
  teams,
});
const row = (rows: ReturnType<typeof cupStandings>, name: string) =>
  rows.find((r) => r.name === name)!;

describe('§1 the cup: event order, points presets, unconfigured points', () => {
  it('orders events by start time, then id, and numbers them in that order', () => {
    expect(
      cupOrder([ev('b', 20, null), ev('c', 10, null), ev('a', 20, null)]).map((e) => e.id),
    ).toEqual(['c', 'a', 'b']);
    const rows = cupStandings(cup(), [ev('late', 20, [t('X', 1)]), ev('early', 10, [t('X', 2)])]);
    expect(rows[0]!.scores).toEqual([22, 25]);
  });

  it('has the 25 and 100 presets, and a new entry one lower than the last', () => {
    expect(CUP_POINTS_PRESETS['25']).toHaveLength(21);
    expect(CUP_POINTS_PRESETS['25'].slice(0, 6)).toEqual([25, 22, 20, 18, 17, 16]);
    expect(CUP_POINTS_PRESETS['25'].at(-1)).toBe(1);
    expect(CUP_POINTS_PRESETS['100']).toHaveLength(96);
    expect(CUP_POINTS_PRESETS['100'].slice(0, 6)).toEqual([100, 97, 95, 93, 92, 91]);
    expect(CUP_POINTS_PRESETS['100'].at(-1)).toBe(1);
    expect(nextPointsEntry([])).toBe(25);
    expect(nextPointsEntry([25, 22])).toBe(21);
  });

  it('titles a cup with its year, unless its name already holds it', () => {
    expect(cupTitle({ name: 'Autumn Cup', year: 2026 })).toBe('Autumn Cup 2026');
    expect(cupTitle({ name: 'Autumn Cup 2026', year: 2026 })).toBe('Autumn Cup 2026');
    expect(cupTitle({ name: ' 2026 Rogaine series ', year: 2026 })).toBe('2026 Rogaine series');
    expect(cupTitle({ name: 'Cup 2026/27', year: 2026 })).toBe('Cup 2026/27');
    expect(cupTitle({ name: 'Autumn Cup 2025', year: 2026 })).toBe('Autumn Cup 2025 2026');
    expect(cupTitle({ name: 'Cup 20260', year: 2026 })).toBe('Cup 20260 2026');
  });

  it('gives no standings without points', () => {
    expect(cupStandings(cup({ points: [] }), [ev('a', 1, [t('X', 1)])])).toEqual([]);
  });
});

describe('§2 classes and teams', () => {
  it('matches classes by name, trimmed and case-insensitively, and teams by name or owner', () => {
    const rows = cupStandings(cup(), [
      ev('e1', 1, [
        t('Karud@Men', 1),
        t('Hundid@Men', 2),
        t('Solo', 1),
        t('Ilves@W', 1, 'finished', 'u9'),
      ]),
      ev('e2', 2, [
        t('  karud   @ men ', 2),
        t('Hundid  Two@MEN', 1),
        t('Lynx@W', 1, 'finished', 'u9'),
      ]),
    ]);
    expect(rows.map((r) => [r.class, r.name, r.scores])).toEqual([
      ['', 'Solo', [25, 0]],
      ['MEN', 'karud', [25, 22]],
      ['MEN', 'Hundid  Two', [0, 25]],
      ['MEN', 'Hundid', [22, 0]],
      ['W', 'Lynx', [25, 25]],
    ]);
    expect(row(rows, 'Lynx')).toMatchObject({ key: 'u:u9', allnames: ['Ilves', 'Lynx'] });
    expect(row(rows, 'karud').key).toBe('n:men:karud');
    expect(cupTeamKey({ owner: null, className: ' Men ', name: ' Kiired  Karud ' })).toBe(
      'n:men:kiired karud',
    );
  });

  it('names a team as in the latest event it took part in', () => {
    const rows = cupStandings(cup(), [
      ev('e1', 1, [t('Old', 1, 'finished', 'u1')]),
      ev('e2', 2, [t('New', 1, 'finished', 'u1')]),
      ev('e3', 3, [t('Newest', null, 'notstarted', 'u1')]),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'New', allnames: ['Old', 'New', 'Newest'] });
  });
});

describe('§3 points from one event', () => {
  it('scores places from points, 0 past the end, shared places alike', () => {
    const c = cup({ points: [10, 8] });
    expect([1, 2, 3].map((place) => eventPoints(c, { place, status: 'finished' }))).toEqual([
      10, 8, 0,
    ]);
    const rows = cupStandings(c, [ev('e', 1, [t('A', 1), t('B', 1), t('C', 3)])]);
    expect(rows.map((r) => [r.name, r.scores[0]])).toEqual([
      ['A', 10],
      ['B', 10],
      ['C', 0],
    ]);
  });

  it('running, dsq, katk and not started teams', () => {
    const c = cup({ points: [10, 8], atleast1: true });
    expect(eventPoints(c, { place: 1, status: 'running' })).toBe(10);
    expect(eventPoints(c, { place: 5, status: 'finished' })).toBe(1);
    expect(eventPoints(c, { place: null, status: 'dsq' })).toBe(0);
    expect(eventPoints(c, { place: null, status: 'katk' })).toBe(0);
    expect(eventPoints(c, { place: null, status: 'notstarted' })).toBeNull();
  });

  it('with growingpoints: the place past the end, missvalue for dsq and katk, no atleast1', () => {
    const c = cup({ points: [1, 2, 3], growingpoints: true, missvalue: 50, atleast1: true });
    expect(eventPoints(c, { place: 2, status: 'finished' })).toBe(2);
    expect(eventPoints(c, { place: 7, status: 'finished' })).toBe(7);
    expect(eventPoints(c, { place: null, status: 'dsq' })).toBe(50);
  });
});

describe('§4 standings', () => {
  it('fills missed events with missvalue, leaves events without results empty', () => {
    const rows = cupStandings(cup({ missvalue: 3 }), [
      ev('e1', 1, [t('A', 1), t('B', 2)]),
      ev('e2', 2, [t('A', 1)]),
      ev('e3', 3, null),
    ]);
    expect(row(rows, 'B').scores).toEqual([22, 3, null]);
    expect(row(rows, 'B').used).toEqual([true, true, false]);
  });

  it('counts the best n scores (5 by default) and marks the others unused', () => {
    const places = [4, 1, 3, 2, 4, 1];
    const events = places.map((p, i) => ev(`e${i}`, i, [t('A', p)]));
    const five = cupStandings(cup(), events)[0]!;
    expect(five.scores).toEqual([18, 25, 20, 22, 18, 25]);
    expect(five.used).toEqual([true, true, true, true, false, true]);
    expect(five.total).toBe(25 + 25 + 22 + 20 + 18);
    const two = cupStandings(cup({ countingevents: 2 }), events)[0]!;
    expect(two.used).toEqual([false, true, false, false, false, true]);
    expect(two.total).toBe(50);
    const low = cupStandings(
      cup({ points: [1, 2, 3, 4], growingpoints: true, countingevents: 2 }),
      events,
    )[0]!;
    expect(low.total).toBe(2);
  });

  it('breaks ties by the last event in which the scores differ, then shares the place', () => {
    const rows = cupStandings(cup(), [
      ev('e1', 1, [t('A', 1), t('B', 2), t('C', 2), t('D', 4)]),
      ev('e2', 2, [t('A', 2), t('B', 1), t('C', 1), t('D', 4)]),
    ]);
    // A and B and C have 47; B and C beat A in e2; B and C are equal everywhere.
    expect(rows.map((r) => [r.name, r.total, r.place, r.placeLabel])).toEqual([
      ['B', 47, 1, 'I'],
      ['C', 47, 1, 'I'],
      ['A', 47, 3, 'III'],
      ['D', 36, 4, '4'],
    ]);
  });
});

describe('§5 edits and joins', () => {
  const events = [
    ev('e1', 1, [t('Karud', 1), t('Karud II', 2)]),
    ev('e2', 2, [t('Karud', 2), t('Hundid', 1)]),
    ev('e3', 3, [t('Karud 2', 1)]),
  ];

  it('an edited cell replaces the computed value, and the row keeps what it replaced', () => {
    const rows = cupStandings(cup({ missvalue: 2 }), events, [
      { event: 'e2', team: 'n::karud', value: 99 },
      { event: 'e3', team: 'n::karud', value: 7 },
    ]);
    expect(row(rows, 'Karud').scores).toEqual([25, 99, 7]);
    // Took part in e2 (22 points); missed e3 (the cup's missvalue).
    expect(row(rows, 'Karud').edited).toEqual({ 1: 22, 2: 2 });
    expect(row(rows, 'Hundid')).not.toHaveProperty('edited');
    const later = cupStandings(
      cup(),
      [...events, ev('e4', 4, null)],
      [{ event: 'e4', team: 'n::hundid', value: 5 }],
    );
    expect(row(later, 'Hundid').edited).toEqual({ 3: null });
  });

  it('a join gives the kept team the other team’s scores where it has none; it keeps its name', () => {
    const rows = cupStandings(cup(), events, [], [{ keep: 'n::karud', other: 'n::karud 2' }]);
    expect(rows.find((r) => r.key === 'n::karud 2')).toBeUndefined();
    expect(row(rows, 'Karud')).toMatchObject({
      key: 'n::karud',
      scores: [25, 22, 25],
      allnames: ['Karud', 'Karud 2'],
    });
    // Kept the later team: its name, though the other's results come first.
    const other = cupStandings(cup(), events, [], [{ keep: 'n::karud 2', other: 'n::karud' }]);
    expect(other.find((r) => r.key === 'n::karud 2')).toMatchObject({
      name: 'Karud 2',
      scores: [25, 22, 25],
    });
  });

  it('a kept team only edited so far keeps its own name too, and joins chain', () => {
    const withSolo = [...events, ev('e4', 4, [t('Solo', null, 'notstarted')])];
    const rows = cupStandings(
      cup(),
      withSolo,
      [{ event: 'e1', team: 'n::solo', value: 3 }],
      [{ keep: 'n::solo', other: 'n::karud 2' }],
    );
    expect(rows.find((r) => r.key === 'n::solo')).toMatchObject({
      name: 'Solo',
      scores: [3, 0, 25, 0],
    });
    const chained = cupStandings(
      cup(),
      events,
      [],
      [
        { keep: 'n::karud', other: 'n::karud 2' },
        { keep: 'n::karud ii', other: 'n::karud' },
      ],
    );
    // Karud II (e1) took Karud (which had taken Karud 2): e1 is Karud II's own, e2 and e3 come over.
    expect(chained.find((r) => r.key === 'n::karud ii')).toMatchObject({
      name: 'Karud II',
      scores: [22, 22, 25],
    });
  });
});

describe('§6 live: new results of an event, the same edits', () => {
  it('takes the event’s points again and keeps the edits', () => {
    const edits = [{ event: 'e1', team: 'n::b', value: 5 }];
    const before = cupStandings(cup(), [ev('e1', 1, [t('A', 1), t('B', 2)])], edits);
    const after = cupStandings(cup(), [ev('e1', 1, [t('A', 2), t('B', 1)])], edits);
    expect(row(before, 'A').scores).toEqual([25]);
    expect(row(after, 'A').scores).toEqual([22]);
    expect(row(after, 'B').scores).toEqual([5]);
  });
});
