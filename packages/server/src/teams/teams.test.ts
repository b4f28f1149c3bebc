import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAnswerView, TeamListEntry } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { fromJsonMap } from '../db/json.ts';

describe.each(testDialects())('teams on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const newEvent = async () => {
    const id = uniqueShortlink('tm');
    const file = resultsEventFile(owner.uid);
    file.teams.list.alpha = {
      ...file.teams.list.alpha,
      klassid: 'A',
      starttime: 1000,
      lypoints: { Bonus: 5 },
    } as typeof file.teams.list.alpha;
    await importEvent(t, file, id);
    return id;
  };
  const patch = (id: string, teamId: string, body: unknown, as: TestUser | null = owner) =>
    call<TeamListEntry>(t.app, 'PATCH', `/api/events/${id}/teams/${teamId}`, { as, body });
  const audits = (id: string) =>
    t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event_id', '=', id)
      .orderBy('path')
      .execute();

  it('lets only the event admins read and change teams', async () => {
    const id = await newEvent();
    const urls = [`/api/events/${id}/teams`, `/api/events/${id}/teams/alpha/answers`];
    for (const url of urls) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(401);
      expect((await call(t.app, 'GET', url, { as: stranger })).status, url).toBe(403);
      expect((await call(t.app, 'GET', url, { as: owner })).status, url).toBe(200);
    }
    expect((await patch(id, 'alpha', { dsq: true }, null)).status).toBe(401);
    expect((await patch(id, 'alpha', { dsq: true }, stranger)).status).toBe(403);
    expect((await patch(id, 'alpha', { dsq: true })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/events/nope-${id}/teams`, { as: owner })).status).toBe(
      404,
    );
    expect((await patch(id, 'nobody', { dsq: true })).status).toBe(404);
  });

  it('lists the team list entries with answer counts, and a team’s answers', async () => {
    const id = await newEvent();
    const res = await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, {
      as: owner,
    });
    expect(res.body.map((x) => [x.id, x.answers])).toEqual([
      ['alpha', 2],
      ['bravo', 2],
      ['charlie', 0],
    ]);
    expect(res.body[0]).toEqual({
      id: 'alpha',
      name: 'Alpha',
      nr: '1',
      klassid: 'A',
      starttime: 1000,
      finishtime: null,
      dsq: false,
      katk: false,
      disabled: false,
      allowed: false,
      lypoints: { Bonus: 5 },
      answers: 2,
    });
    const answers = await call<TeamAnswerView[]>(
      t.app,
      'GET',
      `/api/events/${id}/teams/bravo/answers`,
      { as: owner },
    );
    expect(answers.body.sort((a, b) => a.kpId.localeCompare(b.kpId))).toEqual([
      { kpId: 'k1', answer: 'r1', ok: null, aeg: 1500 },
      { kpId: 'k2', answer: 'r2', ok: null, aeg: 2500 },
    ]);
  });

  it('merges a change into the list entry and audits each changed field', async () => {
    const id = await newEvent();
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    const res = await patch(id, 'alpha', {
      name: 'Alpha Two',
      dsq: true,
      katk: false,
      starttime: 1000,
      finishtime: 9000,
      lypoints: { Bonus: 7, Late: -2 },
    });
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Alpha Two',
      dsq: true,
      katk: false,
      starttime: 1000,
      finishtime: 9000,
      lypoints: { Bonus: 7, Late: -2 },
      klassid: 'A',
    });
    const row = await t.store.teams.findById(id, 'alpha');
    expect(row?.name).toBe('Alpha Two');
    // Fields not in the change stay as they were.
    expect(fromJsonMap(row?.list)).toMatchObject({ nr: 1, klassid: 'A', dsq: true });
    // katk false and starttime 1000 did not change anything: only real changes are audited.
    const rows = await audits(id);
    expect(rows.map((r) => [r.action, r.path, r.user_id, r.old_value, r.value])).toEqual([
      ['team.update', 'teams/alpha/list/dsq', owner.uid, null, 'true'],
      ['team.update', 'teams/alpha/list/finishtime', owner.uid, null, '9000'],
      ['team.update', 'teams/alpha/list/katk', owner.uid, null, 'false'],
      [
        'team.update',
        'teams/alpha/list/lypoints',
        owner.uid,
        '{"Bonus":5}',
        '{"Bonus":7,"Late":-2}',
      ],
      ['team.update', 'teams/alpha/list/name', owner.uid, '"Alpha"', '"Alpha Two"'],
    ]);
    expect(seen).toContainEqual(['teams']);

    // Null clears a time; the audit keeps the old value.
    expect((await patch(id, 'alpha', { finishtime: null })).body.finishtime).toBeNull();
    const cleared = (await audits(id)).filter((r) => r.path === 'teams/alpha/list/finishtime');
    expect(cleared.map((r) => [r.old_value, r.value])).toContainEqual(['9000', 'null']);
  });

  it('refuses bad bodies and changes on an archived event', async () => {
    const id = await newEvent();
    expect((await patch(id, 'alpha', { dsq: 'yes' })).status).toBe(400);
    expect((await patch(id, 'alpha', { color: 'red' })).status).toBe(400);
    await t.store.events.update(id, { arch: '2026-01-01' });
    const res = await patch(id, 'alpha', { dsq: true });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toBe('teams.error.archived');
    expect(await audits(id)).toEqual([]);
  });
});
