import { describe, expect, it } from 'vitest';
import { TEAM_COLOURS, encodeTrack } from '@rada/core';
import type { LocationPoint } from '@rada/core';
import { TrackStore, teamColour, teamLabel } from './trackStore.ts';

const pt = (t: number, y = 58, x = 25): LocationPoint => ({
  t,
  y,
  x,
  a: null,
  s: null,
  l: null,
  g: null,
  d: null,
});

describe('TrackStore', () => {
  it('takes names, colours and battery from the summaries', () => {
    const store = new TrackStore();
    store.setSummaries([
      { teamId: 'a', name: 'Alpha', nr: '1', col: '#123456', stat: null },
      {
        teamId: 'b',
        name: 'Bravo',
        nr: null,
        col: null,
        stat: {
          dst: 0,
          moving: 0,
          avgspd: null,
          points: 1,
          firstT: 1,
          lastT: 1,
          last: null,
          battery: 0.42,
        },
      },
    ]);
    expect(store.teams.get('a')).toMatchObject({ colour: '#123456', battery: null });
    expect(store.teams.get('b')!.battery).toBe(0.42);
    expect(TEAM_COLOURS).toContain(store.teams.get('b')!.colour);
    expect(teamLabel(store.teams.get('a')!)).toBe('1 Alpha');
    expect(teamLabel(store.teams.get('b')!)).toBe('Bravo');
  });

  it('applies the history, then live batches by team or by a device it knows', () => {
    const store = new TrackStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.addHistory([
      { tid: 'a', devid: 'd1', uid: null, chunks: [encodeTrack([pt(1000), pt(2000)])] },
      { tid: 'b', devid: 'd2', uid: null, chunks: [new Uint8Array([1, 2, 3])] },
    ]);
    expect(store.teams.get('a')!.points.map((p) => p.t)).toEqual([1000, 2000]);
    expect(store.lastT('b')).toBeNull();
    store.addBatches([
      { devid: 'd1', uid: null, tid: null, locations: [pt(3000, 59, 26)] },
      { devid: 'nobody', uid: null, tid: null, locations: [pt(3000)] },
      { devid: 'd9', uid: null, tid: 'c', locations: [pt(500)] },
    ]);
    expect(store.lastT('a')).toBe(3000);
    expect(store.lastT('c')).toBe(500);
    expect(store.teams.has('nobody')).toBe(false);
    expect(calls).toBe(2);
    // A resent batch changes nothing and tells nobody.
    store.addBatches([{ devid: 'd1', uid: null, tid: 'a', locations: [pt(3000, 59, 26)] }]);
    expect(calls).toBe(2);
  });

  it('adds encoded points and skips bad bytes', () => {
    const store = new TrackStore();
    expect(store.addEncoded('a', encodeTrack([pt(5), pt(6)]))).toBe(true);
    expect(store.addEncoded('a', new Uint8Array([9, 9, 9]))).toBe(false);
    expect(store.addEncoded('a', new Uint8Array())).toBe(false);
    expect(store.lastT('a')).toBe(6);
  });

  it('picks a stable colour for a team without one', () => {
    expect(teamColour('x', null)).toBe(teamColour('x', null));
    expect(teamColour('x', '#000000', 3)).toBe('#000000');
    expect(teamColour('x', null, 1)).toBe(TEAM_COLOURS[1]);
  });
});

describe('TrackStore summary wish', () => {
  it('asks for the summaries once when a team without a known battery starts sending', () => {
    const store = new TrackStore();
    store.setSummaries([{ teamId: 'a', name: 'Alpha', nr: '1', col: null, stat: null }]);
    expect(store.takeSummaryWish()).toBe(false);
    store.addBatches([{ devid: 'd', uid: null, tid: 'a', src: 'traccar', locations: [pt(1000)] }]);
    expect(store.teams.get('a')!.src).toBe('traccar');
    expect(store.takeSummaryWish()).toBe(true);
    expect(store.takeSummaryWish()).toBe(false);
    // More points of a phone that never reports a battery ask no more.
    store.addBatches([{ devid: 'd', uid: null, tid: 'a', src: 'traccar', locations: [pt(2000)] }]);
    expect(store.takeSummaryWish()).toBe(false);
    // A new source brings its own battery: asked again, even with one known.
    store.teams.get('a')!.battery = 0.9;
    store.addBatches([{ devid: 't', uid: null, tid: 'a', src: 'tracker', locations: [pt(3000)] }]);
    expect(store.teams.get('a')!.src).toBe('tracker');
    expect(store.takeSummaryWish()).toBe(true);
    // A batch without src is Rada's own app.
    store.addBatches([{ devid: 'p', uid: null, tid: 'a', locations: [pt(4000)] }]);
    expect(store.teams.get('a')!.src).toBe('app');
  });
});
