import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ImportTeamsBody,
  JobView,
  RegistrationsView,
  TeamImportResult,
  TeamListEntry,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';

const S0 = Date.UTC(2026, 0, 1, 10);

/**
 * The people a team import stores (regdata `members` and `club`) reach the organiser: the team
 * list entry's `people` and `club`, and the registered-teams rows' `members` and `club`, only
 * for the teams that have them.
 */
describe.each(testDialects())('imported members and club on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let id: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    id = uniqueShortlink('tp');
    await importEvent(t, resultsEventFile(owner.uid, S0 + 6 * 3_600_000), id);
    const body: ImportTeamsBody = {
      mode: 'add',
      teams: [
        { name: 'Metsavennad', nr: '10', members: ['Liis Saar', 'Toomas Mägi'], club: 'OK Ilves' },
        { name: 'Soolo', nr: '11', members: ['Mari Tamm', 'Jaan Tamm'] },
        { name: 'Klubita', nr: '12', club: 'Tartu SK' },
      ],
    };
    const res = await call<TeamImportResult>(t.app, 'POST', `/api/events/${id}/teams/import`, {
      as: owner,
      body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.added).toBe(3);
  });
  afterAll(() => t.close());

  const teams = async () =>
    (await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, { as: owner })).body;
  const byName = (list: TeamListEntry[], name: string) => {
    const team = list.find((x) => x.name === name);
    if (!team) throw new Error(`no team ${name}`);
    return team;
  };

  it('puts the imported names and club in the team list entries, and nothing in the others', async () => {
    const list = await teams();
    expect(byName(list, 'Metsavennad')).toMatchObject({
      people: ['Liis Saar', 'Toomas Mägi'],
      club: 'OK Ilves',
      registered: true,
      members: 0,
    });
    const soolo = byName(list, 'Soolo');
    expect(soolo.people).toEqual(['Mari Tamm', 'Jaan Tamm']);
    expect('club' in soolo).toBe(false);
    const klubita = byName(list, 'Klubita');
    expect(klubita.club).toBe('Tartu SK');
    expect('people' in klubita).toBe(false);
    // The fixture's own teams have no registration: their entries stay as they were.
    const plain = list.filter((x) => !['Metsavennad', 'Soolo', 'Klubita'].includes(x.name));
    expect(plain.length).toBeGreaterThan(0);
    for (const x of plain) {
      expect('people' in x || 'club' in x).toBe(false);
    }
  });

  it('keeps them in the entry a team change answers', async () => {
    const team = byName(await teams(), 'Metsavennad');
    const res = await call<TeamListEntry>(t.app, 'PATCH', `/api/events/${id}/teams/${team.id}`, {
      as: owner,
      body: { dsq: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dsq: true,
      people: ['Liis Saar', 'Toomas Mägi'],
      club: 'OK Ilves',
    });
  });

  it('puts them in the registered-teams rows', async () => {
    const res = await call<RegistrationsView>(t.app, 'GET', `/api/events/${id}/registrations`, {
      as: owner,
    });
    expect(res.status).toBe(200);
    const rows = new Map(res.body.rows.map((r) => [r.name, r]));
    expect(rows.get('Metsavennad')).toMatchObject({
      members: ['Liis Saar', 'Toomas Mägi'],
      club: 'OK Ilves',
    });
    expect(rows.get('Soolo')?.members).toEqual(['Mari Tamm', 'Jaan Tamm']);
    expect(rows.get('Soolo')?.club).toBeUndefined();
    expect(rows.get('Klubita')?.members).toBeUndefined();
    expect(rows.get('Klubita')?.club).toBe('Tartu SK');
  });

  it('reads them from the archive of an archived event', async () => {
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
    const list = await teams();
    expect(byName(list, 'Metsavennad')).toMatchObject({
      people: ['Liis Saar', 'Toomas Mägi'],
      club: 'OK Ilves',
    });
    expect(byName(list, 'Klubita').club).toBe('Tartu SK');
  });
});
