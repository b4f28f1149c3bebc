import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  EventFile,
  ResponsesView,
  ResultsView,
  TeamMembersView,
  TeamSplits,
} from '@rada/core';
import { contract, responseCell } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { computeEventResults } from './compute.ts';

describe.each(testDialects())('results on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let computations = 0;
  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      {},
      {
        compute: (file: EventFile, now: number) => {
          computations += 1;
          return computeEventResults(file, now);
        },
      },
    );
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const newEvent = async (endtime?: number) => {
    const id = uniqueShortlink('res');
    await importEvent(t, resultsEventFile(owner.uid, endtime), id);
    return id;
  };
  /**
   * The results' team ids in order. The route sends kept bytes, which the test app's answer
   * check never sees, so the document is checked against its declared schema here.
   */
  const order = async (id: string, as: TestUser | null = null) => {
    const res = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(contract.results.answer.safeParse(res.body).error).toBeUndefined();
    return res.body.results.map((r) => r.teamId);
  };
  const setAnswer = (id: string, teamId: string, kpId: string, body: unknown, as = owner) =>
    call(t.app, 'PUT', `/api/events/${id}/teams/${teamId}/answers/${kpId}`, { as, body });
  const storedVersion = async (id: string) => (await t.store.results.find(id))?.version ?? 0;

  it('serves results computed on the first read, then from the stored row', async () => {
    const id = await newEvent();
    expect(await t.store.results.find(id)).toBeUndefined();
    const before = computations;
    expect(await order(id)).toEqual(['alpha', 'bravo', 'charlie']);
    expect(computations).toBe(before + 1);
    const res = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
    expect(computations).toBe(before + 1);
    expect(res.body.settings).toMatchObject({ pointssuffix: '', hidewrongmarks: false });
    expect(typeof res.body.computedAt).toBe('number');
    expect(await storedVersion(id)).toBe(1);
  });

  it('recalculates and stores after an answer change, and tells subscribers', async () => {
    const id = await newEvent();
    await order(id);
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    expect((await setAnswer(id, 'bravo', 'k2', { answer: 'r1' })).status).toBe(200);
    expect((await setAnswer(id, 'bravo', 'k3', { ok: true, aeg: 3000 })).status).toBe(200);
    // A lone change is recalculated at once, so the first may be stored before the second.
    await vi.waitFor(async () => expect(await order(id)).toEqual(['bravo', 'alpha', 'charlie']));
    expect(await storedVersion(id)).toBeGreaterThan(1);
    // The announcement follows the stored row, so it may come a moment after the new version.
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['results']));
    stop();
    expect(seen[0]).toEqual(['teams', 'results']);
  });

  it('coalesces a burst of changes into few computations', async () => {
    const id = await newEvent();
    await order(id);
    const before = computations;
    const version = await storedVersion(id);
    // Twenty edits as fast as the database takes them; the last one (i = 19: r1, right) wins.
    for (let i = 0; i < 20; i += 1) {
      const res = await setAnswer(id, 'charlie', 'k1', { answer: i % 2 ? 'r1' : 'r2', aeg: i });
      expect(res.status).toBe(200);
    }
    await vi.waitFor(async () => expect(await storedVersion(id)).toBeGreaterThan(version));
    await new Promise((r) => setTimeout(r, 300));
    const runs = computations - before;
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(10);
    const stored = JSON.parse((await t.store.results.find(id))?.results ?? '[]') as {
      teamId: string;
      okcount: number;
    }[];
    expect(stored.find((r) => r.teamId === 'charlie')?.okcount).toBe(1);
  });

  it('serves the stored view byte for byte, and a display-only change at once', async () => {
    const id = await newEvent();
    const first = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const stored = await t.store.results.find(id);
    expect(first.body.results).toEqual(JSON.parse(stored!.results));
    expect(first.body.computedAt).toBe(stored!.computed_at);
    // pointssuffix moves no points: the stored results stay, the served settings change.
    const version = await storedVersion(id);
    const res = await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body: { settings: { pointssuffix: 'pt' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const second = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
    expect(second.body.settings.pointssuffix).toBe('pt');
    expect(second.body.results).toEqual(first.body.results);
    await new Promise((r) => setTimeout(r, 200));
    expect(await storedVersion(id)).toBe(version);
  });

  it('a settings change that moves results recalculates them', async () => {
    const id = await newEvent();
    await order(id);
    const version = await storedVersion(id);
    const res = await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body: { settings: { rakoef: [0, 7, 7, 7], pointssuffix: 'p' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await vi.waitFor(async () => expect(await storedVersion(id)).toBeGreaterThan(version));
    const view = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
    expect(view.body.settings.pointssuffix).toBe('p');
    expect(view.body.results[0]?.kpsum).toBe(14);
  });

  it('leaves events alone until their results are read, and unchanged results unannounced', async () => {
    const id = await newEvent();
    const before = computations;
    expect((await setAnswer(id, 'alpha', 'k3', { answer: 'r2' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(computations).toBe(before);
    expect(await t.store.results.find(id)).toBeUndefined();
    await order(id);
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    // The same answer again: nothing a viewer sees moves.
    expect((await setAnswer(id, 'alpha', 'k3', { answer: 'r2' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    stop();
    expect(computations).toBe(before + 2);
    expect(await storedVersion(id)).toBe(1);
    expect(seen).toEqual([['teams', 'results']]);
  });

  it('hideresults hides results and responses from the public but not from admins', async () => {
    const id = await newEvent();
    const hide = await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body: { settings: { hideresults: true } },
    });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    for (const path of ['results', 'responses', 'results/alpha/splits']) {
      const anon = await call(t.app, 'GET', `/api/events/${id}/${path}`);
      expect(anon.status).toBe(403);
      expect(errorOf(anon)).toBe('results.error.hidden');
      const other = await call(t.app, 'GET', `/api/events/${id}/${path}`, { as: stranger });
      expect(errorOf(other)).toBe('results.error.hidden');
      const admin = await call(t.app, 'GET', `/api/events/${id}/${path}`, { as: owner });
      expect(admin.status).toBe(200);
    }
    expect((await call(t.app, 'GET', '/api/events/nope-none/results')).status).toBe(404);
  });

  it('the answer endpoint is for event admins and writes an audit row', async () => {
    const id = await newEvent();
    const anon = await call(t.app, 'PUT', `/api/events/${id}/teams/alpha/answers/k3`, {
      body: { answer: 'r1' },
    });
    expect(anon.status).toBe(401);
    const other = await setAnswer(id, 'alpha', 'k3', { answer: 'r1' }, stranger);
    expect(other.status).toBe(403);
    expect((await setAnswer(id, 'alpha', 'k3', { answer: 5 })).status).toBe(400);
    expect((await setAnswer(id, 'alpha', 'k3', { bogus: 1 })).status).toBe(400);
    expect((await setAnswer(id, 'nobody', 'k3', { answer: 'r1' })).status).toBe(404);
    expect((await setAnswer(id, 'alpha', 'k9', { answer: 'r1' })).status).toBe(404);
    const audits = () =>
      t.handle.db.selectFrom('audit_log').selectAll().where('event_id', '=', id).execute();
    expect(await audits()).toHaveLength(0);

    const ok = await setAnswer(id, 'alpha', 'k2', { answer: 'r2' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ answer: 'r2', ok: null, aeg: 2000 });
    const rows = await audits();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: owner.uid,
      action: 'team.answer.set',
      path: `teams/${id}/kpanswers/alpha/k2`,
    });
    expect(JSON.parse(rows[0]?.old_value ?? 'null')).toEqual({ answer: 'r1', ok: null, aeg: 2000 });
    expect(JSON.parse(rows[0]?.value ?? 'null')).toEqual({ answer: 'r2', ok: null, aeg: 2000 });
  });

  it('responses show answers to the public only after the end', async () => {
    const ended = await newEvent();
    const pub = await call<ResponsesView>(t.app, 'GET', `/api/events/${ended}/responses`);
    expect(pub.status).toBe(200);
    expect(pub.body.answersShown).toBe(true);
    expect(pub.body.kps.map((k) => k.id)).toEqual(['k1', 'k2', 'k3']);
    const bravo = pub.body.teams.find((r) => r.id === 'bravo')!;
    expect(bravo.marks).toBe('ox.');
    expect([0, 1, 2].map((i) => responseCell(bravo, i))).toEqual([
      { answer: 'r1', state: 'ok' },
      { answer: 'r2', state: 'wrong' },
      { answer: null, state: 'none' },
    ]);
    expect(pub.body.correct).toEqual({ k1: 'r1', k2: 'r1', k3: 'r1' });

    const running = await newEvent(Date.now() + 3_600_000);
    const early = await call<ResponsesView>(t.app, 'GET', `/api/events/${running}/responses`);
    expect(early.body.answersShown).toBe(false);
    expect(early.body.correct).toEqual({});
    const earlyBravo = early.body.teams.find((r) => r.id === 'bravo')!;
    expect(earlyBravo.answers).toBeNull();
    expect(responseCell(earlyBravo, 1)).toEqual({ answer: null, state: 'wrong' });
    const admin = await call<ResponsesView>(t.app, 'GET', `/api/events/${running}/responses`, {
      as: owner,
    });
    expect(admin.body.answersShown).toBe(true);
  });
  it('the responses matrix is made once for its readers and follows every change', async () => {
    const id = await newEvent();
    const read = async (as: TestUser | null = null) => {
      const res = await call<ResponsesView>(t.app, 'GET', `/api/events/${id}/responses`, { as });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.teams.find((r) => r.id === 'charlie')!;
    };
    expect((await read()).marks).toBe('...');
    expect((await read(stranger)).marks).toBe('...');
    expect((await read(owner)).marks).toBe('...');

    // An admin's edit: the next read has it.
    expect((await setAnswer(id, 'charlie', 'k3', { answer: 'r2' })).status).toBe(200);
    const changed = await read();
    expect(changed.marks).toBe('..x');
    expect(changed.answers).toEqual([null, null, 'r2']);
    // Kept between reads: a change on another server shows once its message on the event's
    // topic reaches this one.
    await t.handle.db
      .updateTable('team_answers')
      .set({ answer: 'r1' })
      .where('event_id', '=', id)
      .where('team_id', '=', 'charlie')
      .execute();
    expect((await read()).marks).toBe('..x');
    t.bus.publish(`event:${id}`, { v: 1, type: 'event.changed', eventId: id, what: ['teams'] });
    expect((await read()).marks).toBe('..o');
  });

  const splitsOf = (id: string, teamId: string, as: TestUser | null = null) =>
    call<TeamSplits>(t.app, 'GET', `/api/events/${id}/results/${teamId}/splits`, { as });
  const hideWrong = async (id: string) => {
    const res = await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body: { settings: { hidewrongmarks: true } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it("a team's splits: visits in time order with points, answers after the end", async () => {
    const running = await newEvent(Date.now() + 3_600_000);
    const pub = await splitsOf(running, 'bravo');
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(pub.body.visits.map((v) => [v.kp, v.state, v.aeg, v.points, v.total, v.answer])).toEqual(
      [
        ['1', 'ok', 1500, 10, 10, null],
        ['2', 'wrong', 2500, 0, 10, null],
      ],
    );
    const admin = await splitsOf(running, 'bravo', owner);
    expect(admin.body.visits.map((v) => v.answer)).toEqual(['r1', 'r2']);
    const ended = await newEvent();
    expect((await splitsOf(ended, 'bravo')).body.visits.map((v) => v.answer)).toEqual(['r1', 'r2']);
    expect((await splitsOf(ended, 'nobody')).status).toBe(404);
    expect((await splitsOf('nope-none', 'bravo')).status).toBe(404);
  });

  it('hidewrongmarks hides wrong marks from splits and responses, except from admins', async () => {
    const id = await newEvent();
    await hideWrong(id);
    const pub = await splitsOf(id, 'bravo', stranger);
    expect(pub.body.visits.map((v) => v.kp)).toEqual(['1']);
    expect(pub.body.wrongHidden).toBe(true);
    expect((await splitsOf(id, 'bravo', owner)).body.visits.map((v) => v.kp)).toEqual(['1', '2']);
    const matrix = await call<ResponsesView>(t.app, 'GET', `/api/events/${id}/responses`);
    expect(matrix.body.wrongShown).toBe(false);
    expect(
      responseCell(
        matrix.body.teams.find((r) => r.id === 'bravo')!,
        1,
      ),
    ).toEqual({
      answer: null,
      state: 'none',
    });
    const admin = await call<ResponsesView>(t.app, 'GET', `/api/events/${id}/responses`, {
      as: owner,
    });
    expect(
      responseCell(
        admin.body.teams.find((r) => r.id === 'bravo')!,
        1,
      ).state,
    ).toBe('wrong');
  });
  it("names each team's members by display name only, to whoever reads the results", async () => {
    const id = await newEvent();
    const mari = await signUp(t.app, undefined, 'Mari Maasikas');
    const juku = await signUp(t.app, undefined, 'Juku');
    for (const [user, at] of [
      [juku, 2],
      [mari, 1],
    ] as const) {
      await t.store.members.add({
        event_id: id,
        team_id: 'alpha',
        user_id: user.uid,
        joined_at: at,
        via: 'admin',
      });
    }
    const res = await call<TeamMembersView>(t.app, 'GET', `/api/events/${id}/results/members`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ members: { alpha: ['Mari Maasikas', 'Juku'] } });
    expect(JSON.stringify(res.body)).not.toContain('@');
  });
});
