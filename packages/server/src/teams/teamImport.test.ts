import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeletedTeamView,
  ImportTeamsBody,
  TeamImportResult,
  TeamListEntry,
  TeamMembersView,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { fromJsonMap } from '../db/json.ts';

const S0 = Date.UTC(2026, 0, 1, 10);

describe.each(testDialects())('team import on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    admin = await signUp(t.app);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const newEvent = async () => {
    const id = uniqueShortlink('ti');
    const file = resultsEventFile(owner.uid, S0 + 6 * 3_600_000);
    (file.eventsdata.data as Record<string, unknown>).klassid = { A: 'W21' };
    (file.events.admins as Record<string, string>)[admin.uid] = 'admin';
    await importEvent(t, file, id);
    return id;
  };
  const post = (id: string, body: unknown, as: TestUser | null = owner) =>
    call<TeamImportResult>(t.app, 'POST', `/api/events/${id}/teams/import`, { as, body });
  const teams = async (id: string) =>
    (await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, { as: owner })).body;
  const settings = async (id: string) =>
    fromJsonMap(
      (
        await t.handle.db
          .selectFrom('event_data')
          .select('settings')
          .where('event_id', '=', id)
          .executeTakeFirst()
      )?.settings,
    );

  const body: ImportTeamsBody = {
    mode: 'add',
    teams: [
      {
        name: 'Mari Tamm',
        className: 'w 21',
        members: ['Mari Tamm'],
        club: 'TOK',
        email: 'mari@example.org',
        entryTime: S0 - 86_400_000,
      },
      {
        name: 'Metsavennad',
        nr: '10',
        className: 'Team 6h',
        members: ['Liis Saar', 'Toomas Mägi'],
      },
      { name: 'alpha' },
    ],
  };

  it('lets only the event admins import', async () => {
    const id = await newEvent();
    expect((await post(id, body, null)).status).toBe(401);
    expect((await post(id, body, stranger)).status).toBe(403);
    expect(await teams(id)).toHaveLength(3);
    expect((await post(id, { ...body, teams: [{ name: 'By admin' }] }, admin)).status).toBe(200);
    expect((await post(id, body, owner)).status).toBe(200);
  });

  it('adds new teams with classes (new ones into klassid), members, club and contact; audits and tells', async () => {
    const id = await newEvent();
    const seen: unknown[] = [];
    const off = t.bus.subscribe(`event:${id}`, (m) => seen.push(m));
    const res = await post(id, body);
    off();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      added: 2,
      updated: 0,
      removed: 0,
      skipped: 1,
      newClasses: ['Team 6h'],
    });
    const list = await teams(id);
    expect(list.map((x) => [x.name, x.nr, x.klassid, x.registered])).toEqual([
      ['Alpha', '1', null, false],
      ['Bravo', '2', null, false],
      ['Charlie', '3', null, false],
      ['Metsavennad', '10', 'Team 6h', true],
      ['Mari Tamm', '11', 'A', true],
    ]);
    expect((await settings(id)).klassid).toEqual({ A: 'W21', 'Team 6h': 'Team 6h' });
    const mari = list.find((x) => x.name === 'Mari Tamm')!;
    const row = await t.handle.db
      .selectFrom('teams')
      .selectAll()
      .where('id', '=', mari.id)
      .executeTakeFirstOrThrow();
    expect(fromJsonMap(row.data)).toEqual({ email: 'mari@example.org' });
    const reg = await t.handle.db
      .selectFrom('registrations')
      .selectAll()
      .where('team_id', '=', mari.id)
      .executeTakeFirstOrThrow();
    expect(fromJsonMap(reg.regdata)).toEqual({
      teamname: 'Mari Tamm',
      email: 'mari@example.org',
      members: ['Mari Tamm'],
      club: 'TOK',
    });
    expect(reg.regtime).toBe(S0 - 86_400_000);
    // The IOF exports' members come back.
    const members = await call<TeamMembersView>(t.app, 'GET', `/api/events/${id}/results/members`, {
      as: owner,
    });
    expect(members.body.members[mari.id]).toEqual(['Mari Tamm']);
    const actions = (
      await t.handle.db
        .selectFrom('audit_log')
        .select('action')
        .where('event_id', '=', id)
        .execute()
    ).map((a) => a.action);
    expect(actions.filter((a) => a === 'team.create')).toHaveLength(2);
    expect(actions).toContain('team.import');
    expect(actions).toContain('settings.update');
    expect(seen).toContainEqual(
      expect.objectContaining({ type: 'event.changed', what: ['teams', 'settings'] }),
    );
  });

  it('merge fills blanks only (a start list sets start times); replace moves teams to the deleted store', async () => {
    const id = await newEvent();
    const start = S0 + 3_600_000;
    const merged = await post(id, {
      mode: 'merge',
      teams: [
        { name: 'Bravo', nr: '77', starttime: start },
        { name: 'ALPHA', className: 'W21', starttime: start + 60_000 },
      ],
    });
    expect(merged.body).toMatchObject({ added: 0, updated: 2, newClasses: [] });
    const list = await teams(id);
    expect(list.map((x) => [x.name, x.nr, x.klassid, x.starttime])).toEqual([
      ['Alpha', '1', 'A', start + 60_000],
      ['Bravo', '2', null, start],
      ['Charlie', '3', null, null],
    ]);
    const replaced = await post(id, { mode: 'replace', teams: [{ name: 'Only' }] });
    expect(replaced.body).toMatchObject({ added: 1, removed: 3 });
    expect((await teams(id)).map((x) => [x.name, x.nr])).toEqual([['Only', '1']]);
    const deleted = await call<DeletedTeamView[]>(t.app, 'GET', `/api/events/${id}/deletedteams`, {
      as: owner,
    });
    expect(deleted.body.map((d) => d.name).sort()).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('a dry run answers the plan per row and writes nothing', async () => {
    const id = await newEvent();
    const res = await post(id, {
      mode: 'merge',
      dryRun: true,
      teams: [{ name: 'Bravo', className: 'New class' }, { name: 'Alpha' }, { name: 'Fresh' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      added: 1,
      updated: 1,
      removed: 0,
      skipped: 1,
      newClasses: ['New class'],
      plan: [{ action: 'update', fields: ['klassid'] }, { action: 'exists' }, { action: 'add' }],
    });
    expect(await teams(id)).toHaveLength(3);
    expect((await settings(id)).klassid).toEqual({ A: 'W21' });
    expect(
      (await post(id, { mode: 'add', dryRun: true, teams: [{ name: 'X' }] }, stranger)).status,
    ).toBe(403);
  });

  it('refuses bad bodies and times outside the event, and writes nothing', async () => {
    const id = await newEvent();
    for (const bad of [
      {},
      { mode: 'add', teams: [] },
      { mode: 'upsert', teams: [{ name: 'X' }] },
      { mode: 'add', teams: [{ name: '' }] },
      { mode: 'add', teams: [{ name: 'X', extra: 1 }] },
      { mode: 'add', teams: [{ name: 'X', members: ['a'.repeat(201)] }] },
    ]) {
      const res = await post(id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const far = await post(id, {
      mode: 'add',
      teams: [
        { name: 'Good', className: 'New' },
        { name: 'Late', starttime: S0 + 400 * 86_400_000 },
      ],
    });
    expect(far.status).toBe(400);
    expect(errorOf(far)).toBe('teams.error.timeoutofrange');
    expect(await teams(id)).toHaveLength(3);
    expect((await settings(id)).klassid).toEqual({ A: 'W21' });
    await t.store.events.update(id, { arch: '2026-01-01' });
    const archived = await post(id, body);
    expect(archived.status).toBe(409);
    expect(errorOf(archived)).toBe('teams.error.archived');
  });
});
