import { describe, expect, it } from 'vitest';
import { kpCloseness } from '@rada/core';
import type { PlayKp, PlayView } from '@rada/core';
import { distanceMeters } from './geo.ts';
import {
  autoKpsToMark,
  canStart,
  countStatuses,
  formatDuration,
  kpStatus,
  playPhase,
  responseChoices,
  responseLetter,
  timeLeft,
} from './playRules.ts';

const START = { lat: 58.38, lng: 26.72 };
/** A point `m` metres north of `p`. */
const north = (p: { lat: number; lng: number }, m: number) => ({
  lat: p.lat + m / 111_195,
  lng: p.lng,
});

const kp = (over: Partial<PlayKp> = {}): PlayKp => ({
  id: 'k1',
  nr: '1',
  desc: 'Stone',
  longdesc: '',
  loc: north(START, 500),
  responses: {},
  auto: false,
  maxDistance: 50,
  openOnlyWhenClose: false,
  mandatory: false,
  cancelled: false,
  value: 1,
  ...over,
});

const view = (
  settings: Partial<PlayView['settings']> = {},
  team: Partial<PlayView['team']> = {},
): PlayView => ({
  eventId: 'ev',
  name: 'Event',
  starttime: null,
  endtime: null,
  settings: {
    appmessage: '',
    prepagemessage: '',
    finishedmessage: '',
    valiktahed: false,
    clientstart: true,
    startloc: START,
    maxstartdistance: 100,
    maxmarkingdistance: 50,
    massstarttimems: null,
    featuretimetogo: true,
    normaalaeg: 120,
    enablewslocations: false,
    ...settings,
  },
  team: { id: 't', name: 'T', nr: null, allowed: true, starttime: null, finishtime: null, ...team },
  kps: [],
  marks: [],
  myTeams: [],
});
const noLocal = { startedAt: null, finishedAt: null };

describe('distance rules', () => {
  it('measures metres on the globe', () => {
    expect(distanceMeters(START, north(START, 100))).toBeCloseTo(100, 0);
  });

  it('opens a KP anywhere unless it opens only when close (core’s kpCloseness)', () => {
    const far = north(START, 400);
    expect(kpCloseness(kp({ responses: { a: 'A' } }), far).accepted).toBe(true);
    const closeOnly = kp({ responses: { a: 'A' }, openOnlyWhenClose: true });
    expect(kpCloseness(closeOnly, far)).toMatchObject({ state: 'far', accepted: false });
    expect(kpCloseness(closeOnly, far).distance).toBeCloseTo(100, 0);
    expect(kpCloseness(closeOnly, north(START, 460)).accepted).toBe(true);
    expect(kpCloseness(closeOnly, null)).toMatchObject({ state: 'unknown', distance: null });
  });

  it('confirms a location KP only within its distance; no limit means anywhere', () => {
    expect(kpCloseness(kp(), north(START, 449)).state).toBe('far');
    expect(kpCloseness(kp(), { ...north(START, 451), accuracy: 8 }).state).toBe('at');
    expect(kpCloseness(kp(), { ...north(START, 451), accuracy: 80 }).state).toBe('imprecise');
    expect(kpCloseness(kp({ maxDistance: null }), START)).toMatchObject({
      state: 'anywhere',
      accepted: true,
    });
  });

  it('starts on the device only within maxstartdistance of the start', () => {
    expect(canStart(view(), north(START, 99)).ok).toBe(true);
    expect(canStart(view(), north(START, 101)).ok).toBe(false);
    expect(canStart(view(), null).ok).toBe(false);
    expect(canStart(view({ clientstart: false }), START).ok).toBe(false);
    expect(canStart(view({ maxstartdistance: null }), north(START, 5000)).ok).toBe(true);
  });

  it('marks auto KPs once, when passing within their distance', () => {
    const kps = [
      kp({ id: 'a', auto: true, loc: north(START, 20), maxDistance: null }),
      kp({ id: 'b', auto: true, loc: north(START, 200) }),
      kp({ id: 'c', auto: false, loc: START }),
      kp({ id: 'd', auto: true, loc: START }),
    ];
    const ids = (marked: string[]) =>
      autoKpsToMark(kps, new Set(marked), START, 30).map((k) => k.id);
    expect(ids([])).toEqual(['a', 'd']);
    expect(ids(['d'])).toEqual(['a']);
    expect(autoKpsToMark(kps, new Set(), null, 30)).toEqual([]);
  });
});

describe('responses', () => {
  it('labels responses with letters when valiktahed', () => {
    const k = kp({ responses: { r1: 'Red', r2: 'Blue', r3: 'Green' } });
    expect(responseChoices(k, true).map((c) => c.label)).toEqual(['A', 'B', 'C']);
    expect(responseChoices(k, false).map((c) => c.label)).toEqual(['Red', 'Blue', 'Green']);
    expect(responseChoices(k, true)[1]).toEqual({ id: 'r2', label: 'B', text: 'Blue' });
    expect([0, 25, 26, 27].map(responseLetter)).toEqual(['A', 'Z', 'AA', 'AB']);
  });
});

describe('status and phases', () => {
  it('counts the KPs in each status', () => {
    const statuses = new Map([
      ['k1', 'sent'],
      ['k2', 'waiting'],
      ['k3', 'none'],
      ['k4', 'sent'],
    ] as const);
    expect(countStatuses(statuses)).toEqual({ none: 1, waiting: 1, sent: 2 });
  });

  it('a waiting mark wins over a sent one', () => {
    expect(kpStatus('k1', [], new Set(), new Set())).toBe('none');
    expect(kpStatus('k1', [{ kpId: 'k1' }], new Set(), new Set())).toBe('sent');
    expect(kpStatus('k1', [], new Set(), new Set(['k1']))).toBe('sent');
    expect(kpStatus('k1', [], new Set(['k1']), new Set())).toBe('waiting');
  });

  it('runs from the device start, the mass start, or at once without any start rule', () => {
    expect(playPhase(view(), noLocal, 5000)).toBe('prestart');
    expect(playPhase(view(), { startedAt: 4000, finishedAt: null }, 5000)).toBe('running');
    const mass = view({ clientstart: false, massstarttimems: 10_000 });
    expect(playPhase(mass, noLocal, 9999)).toBe('prestart');
    expect(playPhase(mass, noLocal, 10_000)).toBe('running');
    expect(playPhase(view({ clientstart: false }), noLocal, 0)).toBe('running');
    expect(playPhase(view({}, { finishtime: 1 }), noLocal, 0)).toBe('finished');
    expect(playPhase(view(), { startedAt: 1, finishedAt: 2 }, 5)).toBe('finished');
  });
});

describe('time left', () => {
  it('counts the normal time from the start, else to the event end', () => {
    expect(timeLeft(view(), 1_000_000, 1_000_000 + 60_000)).toBe(119 * 60_000);
    expect(timeLeft(view(), 0, 121 * 60_000)).toBe(-60_000);
    expect(timeLeft(view({ featuretimetogo: false }), 0, 0)).toBeNull();
    const untilEnd = { ...view({ normaalaeg: null }), endtime: 50_000 };
    expect(timeLeft(untilEnd, 0, 20_000)).toBe(30_000);
    expect(timeLeft(view({ normaalaeg: null }), 0, 0)).toBeNull();
  });

  it('formats durations as h:mm:ss', () => {
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-61_000)).toBe('-0:01:01');
  });
});
