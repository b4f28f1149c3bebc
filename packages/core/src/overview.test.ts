import { describe, expect, it } from 'vitest';
import { OVERVIEW_ATTENTION_MAX, eventOverview } from './overview.ts';
import type { OverviewInput } from './overview.ts';

let nextNr = 0;
const kp = (over: Partial<OverviewInput['checkpoints'][number]> = {}) => ({
  id: `k${++nextNr}`,
  nr: nextNr,
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
    expect(o.kps).toMatchObject({ total: 6, ready: 4, inWork: 1, noLocation: 1, noAnswer: 1 });
    expect(o.steps.find((s) => s.key === 'kps')).toEqual({ key: 'kps', done: false, left: 3 });
  });

  it('names the KPs needing attention in number order, each once with all its reasons', () => {
    const o = eventOverview({
      ...base,
      checkpoints: [
        kp({ id: 'f', nr: 'F', hasLocation: false }),
        kp({ id: 'b', nr: 12, inwork: true, hasLocation: false }),
        kp({ id: 'ok', nr: 3 }),
        kp({ id: 'q', nr: 2, hasResponses: true }),
        kp({ id: 'x', nr: 1, cancelled: true, hasLocation: false }),
      ],
    });
    expect(o.kps.attention).toEqual({
      total: 3,
      first: [
        { id: 'q', nr: 2, reasons: ['noanswer'] },
        { id: 'b', nr: 12, reasons: ['inwork', 'nolocation'] },
        { id: 'f', nr: 'F', reasons: ['nolocation'] },
      ],
    });
    // Three KPs need attention, though they have four reasons between them.
    expect(o.steps.find((s) => s.key === 'kps')?.left).toBe(3);
  });

  it('names at most OVERVIEW_ATTENTION_MAX KPs and counts them all', () => {
    const many = Array.from({ length: OVERVIEW_ATTENTION_MAX + 5 }, (_, i) =>
      kp({ id: `m${i}`, nr: OVERVIEW_ATTENTION_MAX + 5 - i, inwork: true }),
    );
    const o = eventOverview({ ...base, checkpoints: many });
    expect(o.kps.attention.total).toBe(OVERVIEW_ATTENTION_MAX + 5);
    expect(o.kps.attention.first).toHaveLength(OVERVIEW_ATTENTION_MAX);
    expect(o.kps.attention.first[0]?.nr).toBe(1);
    expect(step({ ...base, checkpoints: many }, 'kps').left).toBe(OVERVIEW_ATTENTION_MAX + 5);
  });

  it("tells an archived event's contents and whether it can be restored", () => {
    expect(eventOverview(base).archive).toBeNull();
    const held = { teams: 5, checkpoints: 12, answers: 40, registrations: 3 };
    expect(eventOverview({ ...base, archive: { state: 'a1', ...held } }).archive).toEqual({
      state: 'a1',
      ...held,
      canRestore: true,
    });
    expect(eventOverview({ ...base, archive: { state: 'a2', ...held } }).archive?.canRestore).toBe(
      false,
    );
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
