import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MARKING_DISTANCE_M,
  DEVICE_CLOCK_TOLERANCE_MS,
  DEVICE_CLOCK_WINDOW_MS,
  EVENT_TYPES,
} from './limits.ts';
import {
  clampDeviceTime,
  clockDisagrees,
  finishRefusal,
  kpCloseness,
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

  it('takes only a positive marking distance: empty or 0 means any distance', () => {
    const location = (kp: Record<string, unknown>, maxmarkingdistance: number | null) =>
      toPlayKp('k', '1', { nr: 1, ...kp }, { loc: HERE }, { ...rules, maxmarkingdistance });
    expect(location({}, 0).maxDistance).toBeNull();
    expect(location({ maxanswerdistance: 0 }, 50).maxDistance).toBe(50);
    expect(location({ maxanswerdistance: -5 }, null).maxDistance).toBeNull();
    expect(location({ maxanswerdistance: '20' }, 50).maxDistance).toBe(20);
    // Off: a location KP of an event without a distance is marked from 860 m, and says so.
    const off = location({}, 0);
    expect(kpNeedsCloseness(off)).toBe(false);
    expect(markRefusal(off, {})).toBeNull();
    // The settings' 0 is the organiser's "off": the record's older copy does not bring one back.
    expect(
      playSettings({ maxmarkingdistance: 0 }, {}, { data: { maxmarkingdistance: 40 } }),
    ).toMatchObject({ maxmarkingdistance: null });
    expect(playSettings({}, {}, { data: { maxmarkingdistance: 0 } }).maxmarkingdistance).toBeNull();
  });

  it('gives every event type a default marking distance a phone’s GPS can meet', () => {
    for (const type of EVENT_TYPES) {
      expect(DEFAULT_MARKING_DISTANCE_M[type]).toBeGreaterThanOrEqual(30);
      expect(DEFAULT_MARKING_DISTANCE_M[type]).toBeLessThanOrEqual(100);
    }
  });

  it('tells where the device stands toward a KP, as the server will judge the mark', () => {
    const location = toPlayKp('k', '1', { nr: 1 }, { loc: HERE }, rules);
    const question = toPlayKp('k', '1', { nr: 1 }, { loc: HERE, responses: { a: 'A' } }, rules);
    const closeQuestion = toPlayKp(
      'k',
      '1',
      { nr: 1, noopenwhennotclose: true },
      { loc: HERE, responses: { a: 'A' } },
      rules,
    );
    const noPlace = toPlayKp('k', '1', { nr: 1 }, {}, rules);
    const at = (loc: typeof HERE, accuracy: number | null = 5) => ({ ...loc, accuracy });

    // About 200 m away: too far, whatever the accuracy; the figures are those the dialog shows.
    const far = kpCloseness(location, at(FAR));
    expect(far).toMatchObject({ state: 'far', accuracy: 5, limit: 50, accepted: false });
    expect(far.distance).toBeGreaterThan(190);
    expect(far.distance).toBeLessThan(210);
    expect(kpCloseness(location, at(FAR, 500)).state).toBe('far');
    // About 30 m: at the KP when the fix is at least as fine as the marking distance.
    const near = kpCloseness(location, at(NEAR));
    expect(near).toMatchObject({ state: 'at', accepted: true });
    expect(Math.round(near.distance!)).toBe(30);
    expect(kpCloseness(location, at(NEAR, 50)).state).toBe('at');
    expect(kpCloseness(location, at(NEAR, null))).toMatchObject({ state: 'at', accuracy: null });
    expect(kpCloseness(location, { ...NEAR })).toMatchObject({ state: 'at', accuracy: null });
    // A fix of ±200 m cannot say the team is there; the server takes the sent position.
    expect(kpCloseness(location, at(NEAR, 200))).toMatchObject({
      state: 'imprecise',
      accepted: true,
    });
    expect(kpCloseness(location, null)).toMatchObject({
      state: 'unknown',
      distance: null,
      accepted: false,
    });
    // A question answers from anywhere (the distance is still told); one opening only when
    // close is judged as a location KP; a KP without a place needs no closeness.
    expect(kpCloseness(question, at(FAR))).toMatchObject({
      state: 'anywhere',
      limit: null,
      accepted: true,
    });
    expect(kpCloseness(question, at(FAR)).distance).toBeGreaterThan(190);
    expect(kpCloseness(closeQuestion, at(FAR)).state).toBe('far');
    expect(kpCloseness(noPlace, at(FAR))).toMatchObject({ state: 'anywhere', distance: null });
    expect(kpCloseness({ ...location, maxDistance: null }, at(FAR)).state).toBe('anywhere');

    // The dialog's word and the server's agree at every distance around the limit.
    for (let north = 0; north <= 100; north += 0.5) {
      const loc = { lat: HERE.lat + north / 111_195, lng: HERE.lng };
      const refused = markRefusal(location, { loc }) !== null;
      expect(kpCloseness(location, at(loc)).accepted).toBe(!refused);
    }
  });

  it('lets a team start itself only with clientstart, near the start when one is set', () => {
    const start = { clientstart: true, startloc: HERE, maxstartdistance: 100 };
    expect(startRefusal({ ...start, clientstart: false }, HERE)).toBe('massstart');
    // A mass start wins over a team's own start (spec 03 §8), so the device may not start itself.
    expect(startRefusal({ ...start, massstarttimems: 1_800_000_000_000 }, NEAR)).toBe('massstart');
    expect(startRefusal({ ...start, massstarttimems: null }, NEAR)).toBeNull();
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
    // The team's own position on the map (issue 37): named only when the organiser hides it.
    expect(playSettings({ hideownposition: true }, {}).hideownposition).toBe(true);
    expect('hideownposition' in playSettings({ hideownposition: 'yes' }, {})).toBe(false);
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
