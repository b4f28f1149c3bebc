import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventOverview, JobView } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';

describe.each(testDialects())('event overview on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let id: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    admin = await signUp(t.app);
    stranger = await signUp(t.app);
    id = uniqueShortlink('ov');
    const now = t.clock.t;
    const loc = { lat: 58.38, lng: 26.72 };
    await importEvent(
      t,
      {
        version: 2,
        events: {
          name: 'Overview test',
          starttime: now - 3_600_000,
          endtime: now + 3_600_000,
          hidden: false,
          admins: { [owner.uid]: 'owner', [admin.uid]: 'admin' },
        },
        eventsdata: {
          data: {},
          kp: {
            k1: { nr: 1 },
            k2: { nr: 2, inwork: true },
            k3: { nr: 3 },
            k4: { nr: 4 },
            k5: { nr: 5, tyhistatud: true },
          },
          kpdata: {
            k1: { loc, responses: { r1: 'Yes', r2: 'No' } },
            k2: { loc },
            k3: {},
            k4: { loc, responses: { r1: 'Yes' } },
            k5: {},
          },
          kpanswer: { k1: 'r1' },
        },
        teams: {
          list: {
            alpha: { name: 'Alpha', allowed: true, starttime: now - 1_800_000 },
            bravo: { name: 'Bravo', allowed: true },
            charlie: { name: 'Charlie', allowed: false },
          },
          kpanswers: {
            alpha: {
              k1: { answer: 'r1', aeg: now - 60_000 },
              k2: { answer: 'r1', aeg: now - 30 * 60_000 },
            },
          },
        },
        evdoc: {},
      },
      id,
    );
    // Two devices of the event: one sent a point a minute ago, one an hour ago.
    await t.handle.db
      .insertInto('devices')
      .values([
        { id: 'dev-now', event_id: id, team_id: 'alpha', info: '{}', last_t: now - 60_000 },
        { id: 'dev-old', event_id: id, team_id: 'bravo', info: '{}', last_t: now - 3_600_000 },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const overview = (as: TestUser | null) =>
    call<EventOverview>(t.app, 'GET', `/api/events/${id}/overview`, { as });

  it('counts KPs, teams, recent marks and sending devices, and lists the setup steps', async () => {
    const res = await overview(owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const o = res.body;
    expect(o.kps).toEqual({
      total: 5,
      ready: 3,
      inWork: 1,
      noLocation: 1,
      noAnswer: 1,
      // Named, by number: KP 2 is in work, KP 3 has no location, KP 4 no correct answer.
      attention: {
        total: 3,
        first: [
          { id: 'k2', nr: 2, reasons: ['inwork'] },
          { id: 'k3', nr: 3, reasons: ['nolocation'] },
          { id: 'k4', nr: 4, reasons: ['noanswer'] },
        ],
      },
    });
    expect(o.archive).toBeNull();
    expect(o.teams).toMatchObject({ total: 3, allowed: 2, running: 1 });
    expect(o.marksLately).toBe(1);
    expect(o.devicesSending).toBe(1);
    expect(Object.fromEntries(o.steps.map((s) => [s.key, s.done]))).toEqual({
      times: true,
      kps: false,
      scoring: false,
      access: true,
      startlist: false,
    });
    expect(o.steps.find((s) => s.key === 'startlist')?.left).toBe(1);
    expect(o.steps.find((s) => s.key === 'kps')?.left).toBe(3);
  });

  it("tells what an archived event's archive holds, read from the archive", async () => {
    const started = await call<JobView>(t.app, 'POST', `/api/events/${id}/archive`, { as: owner });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (;;) {
      const job = await call<JobView>(t.app, 'GET', `/api/jobs/${started.body.id}`, { as: owner });
      if (job.body.state !== 'running') {
        expect(job.body.state).toBe('done');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const o = (await overview(admin)).body;
    expect(o.archive).toEqual({
      state: 'a1',
      teams: 3,
      checkpoints: 5,
      answers: 2,
      registrations: 0,
      canRestore: true,
    });
    // The KPs and teams are the archived ones, not the (removed) live rows.
    expect(o.kps.total).toBe(5);
    expect(o.teams.total).toBe(3);
  });

  it('answers an admin, refuses a stranger (403) and a visitor (401)', async () => {
    expect((await overview(admin)).status).toBe(200);
    expect((await overview(stranger)).status).toBe(403);
    expect((await overview(null)).status).toBe(401);
    const missing = await call(t.app, 'GET', '/api/events/nosuchevent/overview', { as: owner });
    expect(missing.status).toBe(404);
  });
});
