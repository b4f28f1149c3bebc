import { describe, expect, it } from 'vitest';
import { eventOverview } from './overview.ts';
import type { OverviewInput } from './overview.ts';

const kp = (over: Partial<OverviewInput['checkpoints'][number]> = {}) => ({
  inwork: false,
  cancelled: false,
  hasLocation: true,
  hasResponses: false,
  hasAnswer: false,
  ...over,
});

const base: OverviewInput = {
  starttime: 1_000,
  endtime: 2_000,
  settings: {},
  checkpoints: [],
  teams: [],
  statuses: [],
  joinCodes: 0,
  marksLately: 0,
  devicesSending: 0,
};

const step = (input: OverviewInput, key: string) =>
  eventOverview(input).steps.find((s) => s.key === key)!;

describe('eventOverview', () => {
  it('counts KPs by state, leaving cancelled ones out of the checks', () => {
    const o = eventOverview({
      ...base,
      checkpoints: [
        kp(),
        kp({ inwork: true }),
        kp({ hasLocation: false }),
        kp({ hasResponses: true }),
        kp({ hasResponses: true, hasAnswer: true }),
        kp({ cancelled: true, hasLocation: false, inwork: true }),
      ],
    });
    expect(o.kps).toEqual({ total: 6, ready: 4, inWork: 1, noLocation: 1, noAnswer: 1 });
    expect(o.steps.find((s) => s.key === 'kps')).toEqual({ key: 'kps', done: false, left: 3 });
  });

  it('counts teams by result status and allowance', () => {
    const o = eventOverview({
      ...base,
      teams: [
        { allowed: true, starttime: null },
        { allowed: true, starttime: 5 },
        { allowed: false, starttime: null },
      ],
      statuses: ['notstarted', 'running', 'running', 'finished', 'dsq', 'katk'],
    });
    expect(o.teams).toEqual({
      total: 3,
      allowed: 2,
      notStarted: 1,
      running: 2,
      finished: 1,
      out: 2,
    });
  });

  it('marks each step done only when its condition holds', () => {
    expect(step(base, 'times').done).toBe(true);
    expect(step({ ...base, endtime: 500 }, 'times').done).toBe(false);
    expect(step({ ...base, starttime: null }, 'times').done).toBe(false);
    expect(step(base, 'kps').done).toBe(false);
    expect(step({ ...base, checkpoints: [kp()] }, 'kps').done).toBe(true);
    expect(step(base, 'scoring').done).toBe(false);
    expect(step({ ...base, settings: { rakoef: [] } }, 'scoring').done).toBe(false);
    expect(step({ ...base, settings: { rakoef: [null, 10] } }, 'scoring').done).toBe(true);
    expect(step(base, 'access').done).toBe(false);
    expect(step({ ...base, joinCodes: 1 }, 'access').done).toBe(true);
    expect(step({ ...base, settings: { regconfig: { fields: {} } } }, 'access').done).toBe(true);
    const teams = [
      { allowed: true, starttime: null },
      { allowed: true, starttime: 7 },
    ];
    expect(step({ ...base, teams }, 'startlist')).toEqual({
      key: 'startlist',
      done: false,
      left: 1,
    });
    expect(step({ ...base, teams, settings: { massstarttimems: 9 } }, 'startlist').done).toBe(true);
    expect(step({ ...base, teams, settings: { clientstart: true } }, 'startlist').done).toBe(true);
    expect(step(base, 'startlist').done).toBe(false);
  });
});
