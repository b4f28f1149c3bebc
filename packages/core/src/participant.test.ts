import { describe, expect, it } from 'vitest';
import { DEVICE_CLOCK_TOLERANCE_MS, DEVICE_CLOCK_WINDOW_MS } from './limits.ts';
import {
  clampDeviceTime,
  clockDisagrees,
  finishRefusal,
  kpNeedsCloseness,
  kpVisibleToTeam,
  markRefusal,
  MarkBody,
  nextClockObservation,
  playSettings,
  startBeforeEvent,
  startRefusal,
  toPlayKp,
} from './participant.ts';

const HERE = { lat: 58.38, lng: 26.72 };
/** About 30 m and 200 m north of HERE. */
const NEAR = { lat: 58.38027, lng: 26.72 };
const FAR = { lat: 58.3818, lng: 26.72 };
const rules = { maxmarkingdistance: 50, nokpopenwhennotclose: false };

describe('participant rules', () => {
  it('resolves a KP as a team sees it', () => {
    const kp = toPlayKp(
      'k1',
      '7',
      {
        nr: 7,
        ra: 2,
        grp: 3,
        isauto: true,
        kohustuslik: true,
        maxanswerdistance: 10,
        inwork: false,
      },
      { desc: 'Stone', loc: HERE, responses: { r10: 'c', r2: 'b', r1: 'a' } },
      { ...rules, rakoef: [null, 10, 20] },
    );
    expect(kp).toEqual({
      id: 'k1',
      nr: '7',
      desc: 'Stone',
      longdesc: '',
      loc: HERE,
      responses: { r1: 'a', r2: 'b', r10: 'c' },
      auto: true,
      maxDistance: 10,
      openOnlyWhenClose: false,
      mandatory: true,
      cancelled: false,
      // Class 2 is worth 20 points, times the multiplier 3.
      value: 60,
    });
    expect(Object.keys(kp.responses)).toEqual(['r1', 'r2', 'r10']);
    const plain = toPlayKp(
      'k2',
      null,
      { nr: 2, autokp: true, tyhistatud: true },
      {},
      {
        maxmarkingdistance: null,
        nokpopenwhennotclose: true,
      },
    );
    expect(plain).toMatchObject({ auto: true, cancelled: true, maxDistance: null, loc: null });
    expect(plain.openOnlyWhenClose).toBe(true);
    expect(kpVisibleToTeam({ inwork: true })).toBe(false);
    expect(kpVisibleToTeam({})).toBe(true);
  });

  it('needs closeness for location KPs and KPs opening only when close', () => {
    const location = toPlayKp('k', '1', { nr: 1 }, { loc: HERE }, rules);
    const question = toPlayKp('k', '1', { nr: 1 }, { loc: HERE, responses: { a: 'A' } }, rules);
    const closeQuestion = toPlayKp(
      'k',
      '1',
      { nr: 1, noopenwhennotclose: true },
      { loc: HERE, responses: { a: 'A' } },
      rules,
    );
    expect([location, question, closeQuestion].map(kpNeedsCloseness)).toEqual([true, false, true]);
    // No distance or no place: nothing to measure against.
    expect(kpNeedsCloseness({ ...location, maxDistance: null })).toBe(false);
    expect(kpNeedsCloseness({ ...location, loc: null })).toBe(false);

    expect(markRefusal(location, {})).toBe('nolocation');
    expect(markRefusal(location, { loc: FAR })).toBe('toofar');
    expect(markRefusal(location, { loc: NEAR })).toBeNull();
    expect(markRefusal(location, { loc: NEAR, answer: 'a' })).toBe('badresponse');
    expect(markRefusal(question, { answer: 'a' })).toBeNull();
    expect(markRefusal(question, { answer: 'b' })).toBe('badresponse');
    expect(markRefusal(question, {})).toBe('badresponse');
    expect(markRefusal(closeQuestion, { answer: 'a', loc: FAR })).toBe('toofar');
    expect(markRefusal({ ...question, cancelled: true }, { answer: 'a' })).toBe('cancelled');
  });

  it('lets a team start itself only with clientstart, near the start when one is set', () => {
    const start = { clientstart: true, startloc: HERE, maxstartdistance: 100 };
    expect(startRefusal({ ...start, clientstart: false }, HERE)).toBe('massstart');
    expect(startRefusal(start, undefined)).toBe('nolocation');
    expect(startRefusal(start, FAR)).toBe('toofar');
    expect(startRefusal(start, NEAR)).toBeNull();
    expect(startRefusal({ ...start, maxstartdistance: null }, undefined)).toBeNull();
    expect(startRefusal({ ...start, startloc: null }, FAR)).toBeNull();
  });

  it('reads the app settings from the event’s settings, conf and record', () => {
    expect(
      playSettings(
        {
          appmessage: 'Hi',
          clientstart: true,
          startloc: HERE,
          maxstartdistance: '150',
          massstarttimems: 5,
          ajad: { normaalaeg: 120 },
          valiktahed: true,
        },
        { enablewslocations: true, featuretimetogo: true },
        { data: { maxmarkingdistance: 40 } },
      ),
    ).toEqual({
      appmessage: 'Hi',
      prepagemessage: '',
      finishedmessage: '',
      valiktahed: true,
      clientstart: true,
      startloc: HERE,
      maxstartdistance: 150,
      maxmarkingdistance: 40,
      massstarttimems: 5,
      featuretimetogo: true,
      normaalaeg: 120,
      enablewslocations: true,
    });
    const empty = playSettings({ ajad: { normaalaeg: '90' }, startloc: { lat: 1 } }, {});
    expect([empty.normaalaeg, empty.startloc, empty.maxmarkingdistance]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('clamps device times to the server’s now and to a lower bound, and validates marks', () => {
    expect(clampDeviceTime(1000, 5000)).toBe(1000);
    expect(clampDeviceTime(5001, 5000)).toBe(5000);
    expect(clampDeviceTime(1e12, 5000)).toBe(5000);
    expect(clampDeviceTime(1000, 5000, 2000)).toBe(2000);
    expect(clampDeviceTime(3000, 5000, null)).toBe(3000);
    expect(MarkBody.safeParse({ cid: 'abcdefgh', kpId: 'k1', t: 1 }).success).toBe(true);
    expect(MarkBody.safeParse({ cid: 'abc', kpId: 'k1', t: 1 }).success).toBe(false);
    expect(
      MarkBody.safeParse({ cid: 'abcdefgh', kpId: 'k1', t: 1, loc: { lat: 91, lng: 0 } }).success,
    ).toBe(false);
  });

  it('refuses a start before the event beyond the tolerance, a finish before a mark', () => {
    const start = 1_000_000;
    expect(startBeforeEvent(start - DEVICE_CLOCK_TOLERANCE_MS - 1, start)).toBe(true);
    expect(startBeforeEvent(start - DEVICE_CLOCK_TOLERANCE_MS, start)).toBe(false);
    expect(startBeforeEvent(0, null)).toBe(false);
    expect(finishRefusal(100, null, null)).toBe('notstarted');
    expect(finishRefusal(100, 101, null)).toBe('notstarted');
    expect(finishRefusal(100, 50, 101)).toBe('beforemark');
    expect(finishRefusal(100, 50, 100)).toBe(null);
    expect(finishRefusal(100, 50, null)).toBe(null);
  });

  it('estimates a device clock by the latest offset of the window, flagging over a minute', () => {
    const first = nextClockObservation(null, -300_000, 1000);
    expect(first).toEqual({ offset: -300_000, at: 1000 });
    // A fresher observation (less behind) replaces it; a queued, older one does not.
    expect(nextClockObservation(first, -2000, 2000)).toEqual({ offset: -2000, at: 2000 });
    const kept = { offset: -2000, at: 2000 };
    expect(nextClockObservation(kept, -600_000, 3000)).toBeNull();
    // Past the window any observation replaces it (the clock may have been changed).
    expect(nextClockObservation(kept, -600_000, 2000 + DEVICE_CLOCK_WINDOW_MS + 1)).toEqual({
      offset: -600_000,
      at: 2000 + DEVICE_CLOCK_WINDOW_MS + 1,
    });
    expect(clockDisagrees(null)).toBe(false);
    expect(clockDisagrees(DEVICE_CLOCK_TOLERANCE_MS)).toBe(false);
    expect(clockDisagrees(-DEVICE_CLOCK_TOLERANCE_MS - 1)).toBe(true);
    expect(clockDisagrees(DEVICE_CLOCK_TOLERANCE_MS + 1)).toBe(true);
  });
});
