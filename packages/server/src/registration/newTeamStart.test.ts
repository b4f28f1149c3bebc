import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinCodeInfo, JoinCodeView, JoinResult, MyRegistration } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { buildEvent, signUp, signUpCreator, teamListOf } from '../test/factories.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/**
 * The start a team gets when it joins by code or registers (issue 34 item 1): the next free
 * start when the event gives individual starts, none with a mass start, clientstart, or before
 * any start time was given; and a joining team's class.
 */
describe.each(testDialects())('a new team’s start on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  const users: TestUser[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
    for (let i = 0; i < 6; i++) users.push(await signUp(t.app, undefined, `Runner ${i}`));
  });
  afterAll(() => t.close());
  const user = (i: number) => users[i]!;

  /**
   * An event starting at `start` (tomorrow by default) with `settings`, a team for each of
   * `starts` (minutes after the event's start, or null for a team without a start), and a code.
   */
  const newEvent = async (
    settings: Record<string, unknown>,
    starts: (number | null)[] = [],
    start = Math.ceil((t.clock.t + DAY) / MIN) * MIN,
  ) => {
    const ev = await buildEvent(t.app, owner, { starttime: start, endtime: start + 6 * 60 * MIN });
    const res = await call(t.app, 'PATCH', `/api/events/${ev.id}/settings`, {
      as: owner,
      body: { settings },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const [i, starttime] of starts.entries()) {
      const team = await call(t.app, 'POST', `/api/events/${ev.id}/teams`, {
        as: owner,
        body: {
          name: `Given ${i}`,
          ...(starttime === null ? {} : { starttime: start + starttime * MIN }),
        },
      });
      expect(team.status, JSON.stringify(team.body)).toBe(201);
    }
    const code = await call<JoinCodeView>(t.app, 'POST', `/api/events/${ev.id}/joincodes`, {
      as: owner,
      body: { valid: t.clock.t + 30 * DAY },
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    return { id: ev.id, start, code: code.body.code };
  };
  const join = (code: string, as: TestUser, body: Record<string, unknown> = {}) =>
    call<JoinResult>(t.app, 'POST', '/api/join', { as, body: { code, ...body } });
  const register = (id: string, as: TestUser, teamname: string) =>
    call<MyRegistration>(t.app, 'POST', `/api/events/${id}/reg`, {
      as,
      body: { values: { teamname } },
    });
  const startOf = async (id: string, teamId: string) =>
    (await teamListOf(t, id, teamId)).starttime ?? null;
  const joinedStart = async (id: string, code: string, as: TestUser) => {
    const res = await join(code, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return startOf(id, res.body.teamId);
  };
  const registeredStart = async (id: string, as: TestUser) => {
    const res = await register(id, as, `Reg ${as.uid.slice(0, 6)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return startOf(id, res.body.teamId);
  };

  it('individual starts: the next free start after the last given one, at joinstartinterval', async () => {
    // Given starts at +6 and +0 minutes; one team has none.
    const { id, start, code } = await newEvent({ joinstartinterval: 2 }, [6, null, 0]);
    expect(await joinedStart(id, code, user(0))).toBe(start + 8 * MIN);
    expect(await registeredStart(id, user(1))).toBe(start + 10 * MIN);
    // The start is the joining user's audited change.
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event_id', '=', id)
      .where('action', '=', 'team.starttime')
      .where('user_id', '=', user(0).uid)
      .execute();
    expect(audit.map((a) => a.value)).toEqual([String(start + 8 * MIN)]);
  });

  it('individual starts: never in the past, on the interval grid after now', async () => {
    const start = Math.ceil((t.clock.t - 3 * 60 * MIN) / MIN) * MIN;
    const { id, code } = await newEvent({ joinstartinterval: 5 }, [0, 5], start);
    const now = t.clock.t;
    const got = (await joinedStart(id, code, user(2))) as number;
    expect(got).toBeGreaterThanOrEqual(now);
    expect(got - now).toBeLessThanOrEqual(5 * MIN);
    expect((got - start) % (5 * MIN)).toBe(0);
    expect(await registeredStart(id, user(3))).toBe(got + 5 * MIN);
  });

  it('mass start, clientstart, or no start times yet: the new team gets no start of its own', async () => {
    const start = Math.ceil((t.clock.t + DAY) / MIN) * MIN;
    for (const [settings, starts] of [
      [{ massstarttimems: start, joinstartinterval: 2 }, [1]],
      [{ clientstart: true, joinstartinterval: 2 }, [1]],
      [{ joinstartinterval: 2 }, [null]],
    ] as const) {
      const { id, code } = await newEvent(settings, [...starts], start);
      expect(await joinedStart(id, code, user(4)), JSON.stringify(settings)).toBeNull();
      expect(await registeredStart(id, user(5)), JSON.stringify(settings)).toBeNull();
    }
  });

  it('gives no start outside the event’s team times (a week after its end)', async () => {
    const start = Math.ceil((t.clock.t - 10 * DAY) / MIN) * MIN;
    const { id, code } = await newEvent({ joinstartinterval: 1 }, [0], start);
    expect(await joinedStart(id, code, user(0))).toBeNull();
  });

  it('gives teams joining and registering at once each a start of its own', async () => {
    const { id, start, code } = await newEvent({ joinstartinterval: 1 }, [0]);
    const answers = await Promise.all([
      ...users.slice(0, 4).map((u) => join(code, u)),
      register(id, users[4]!, 'Reg A'),
      register(id, users[5]!, 'Reg B'),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(300);
    const starts = await Promise.all(answers.map((a) => startOf(id, a.body.teamId)));
    expect([...starts].sort()).toEqual([1, 2, 3, 4, 5, 6].map((m) => start + m * MIN));
  });

  it('lets a joining team choose its class, one of the event’s', async () => {
    const { id, code } = await newEvent({
      klassid: { m: { name: 'Men' }, w: { name: 'Women' } },
      regclassrequired: true,
    });
    const info = await call<JoinCodeInfo>(t.app, 'GET', `/api/joincodes/${code}`);
    expect(info.body).toMatchObject({
      classes: [
        { id: 'm', name: 'Men' },
        { id: 'w', name: 'Women' },
      ],
      classRequired: true,
    });
    expect(errorOf(await join(code, user(0)))).toBe('reg.error.classrequired');
    expect(errorOf(await join(code, user(0), { klassid: 'x' }))).toBe('reg.error.class');
    expect(await t.store.members.teamsOf(id, user(0).uid)).toEqual([]);
    expect((await join(code, user(0), { klassid: 12 })).status).toBe(400);
    const made = await join(code, user(0), { klassid: 'w' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await teamListOf(t, id, made.body.teamId)).klassid).toBe('w');
    // Using the code again answers the same team; an unknown class is still refused.
    expect((await join(code, user(0), { klassid: 'm' })).body.teamId).toBe(made.body.teamId);
    expect(errorOf(await join(code, user(0), { klassid: 'x' }))).toBe('reg.error.class');

    const open = await newEvent({ klassid: { m: { name: 'Men' } } });
    const info2 = await call<JoinCodeInfo>(t.app, 'GET', `/api/joincodes/${open.code}`);
    expect(info2.body.classRequired).toBe(false);
    const none = await join(open.code, user(1));
    expect(none.status).toBe(200);
    expect((await teamListOf(t, open.id, none.body.teamId)).klassid).toBeUndefined();
  });
});
