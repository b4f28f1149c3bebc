import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeletedTeamView, EventFile, TeamListEntry } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { fromJsonMap } from '../db/json.ts';

describe.each(testDialects())('deleted team backups on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    member = await signUp(t.app);
  });
  afterAll(() => t.close());

  /**
   * An event whose team alpha has everything a team can have: list entry, data with regdata,
   * a registration row with its user, answers, a speed ticket, track statistics, track chunks,
   * members, an attached device and stored results.
   */
  const newEvent = async () => {
    const id = uniqueShortlink('bk');
    const file = resultsEventFile(owner.uid) as unknown as EventFile & {
      teams: Record<string, Record<string, unknown>>;
    };
    file.teams.list = {
      ...file.teams.list,
      alpha: {
        name: 'Alpha',
        nr: 1,
        klassid: 'A',
        starttime: Number(file.events.starttime) + 500,
        devs: { dev1: true },
      },
    };
    file.teams.data = {
      alpha: {
        regdata: { teamname: 'Alpha', regtime: 100, phone: '+372 5555' },
        note: 'paid',
        members: {
          [owner.uid]: { joined: 100, via: 'reg' },
          [member.uid]: { joined: 200, via: 'code' },
        },
      },
    };
    file.teams.spdtickets = { alpha: { tk1: { t: 1200, speed: 104, area: 'a1' } } };
    file.teams.trackstat = { alpha: { dst: 18250 } };
    await importEvent(t, file, id);
    const db = t.handle.db;
    await db
      .updateTable('registrations')
      .set({ user_id: owner.uid, regtime: 150 })
      .where('event_id', '=', id)
      .execute();
    await db
      .insertInto('track_chunks')
      .values(
        [1, 2].map((n) => ({
          id: `${id}-c${n}`,
          event_id: id,
          team_id: 'alpha',
          device_id: 'dev1',
          t_from: n * 1000,
          t_to: n * 1000 + 999,
          points: 10 * n,
          data: `AAAA${n}`,
        })),
      )
      .execute();
    await db
      .insertInto('devices')
      .values({ id: `${id}-dev1`, user_id: null, event_id: id, team_id: 'alpha', info: '{}' })
      .execute();
    // Reading the results stores them, so the backup has the team's result to copy.
    expect((await call(t.app, 'GET', `/api/events/${id}/results`)).status).toBe(200);
    return id;
  };

  /** Every row the team has, in a stable order. */
  const snapshot = async (id: string, teamId: string) => {
    const db = t.handle.db;
    const of = <T extends 'registrations' | 'team_answers' | 'speed_tickets' | 'team_members'>(
      table: T,
    ) =>
      db
        .selectFrom(table as 'team_answers')
        .selectAll()
        .where('event_id', '=', id)
        .where('team_id', '=', teamId)
        .execute();
    const sorted = <R>(rows: R[]) => rows.map((r) => JSON.stringify(r)).sort();
    return {
      team: await t.store.teams.findById(id, teamId),
      registrations: sorted(await of('registrations')),
      answers: sorted(await of('team_answers')),
      tickets: sorted(await of('speed_tickets')),
      members: sorted(await of('team_members')),
      tracks: sorted(
        await db
          .selectFrom('track_chunks')
          .selectAll()
          .where('event_id', '=', id)
          .where('team_id', '=', teamId)
          .execute(),
      ),
      devices: sorted(
        await db
          .selectFrom('devices')
          .select(['id', 'team_id'])
          .where('event_id', '=', id)
          .execute(),
      ),
    };
  };
  const exportOf = async (id: string) =>
    (await call<EventFile>(t.app, 'GET', `/api/events/${id}/export`, { as: owner })).body;
  const remove = (id: string, teamId: string) =>
    call<DeletedTeamView>(t.app, 'DELETE', `/api/events/${id}/teams/${teamId}`, { as: owner });
  const restore = (id: string, backupId: string) =>
    call<TeamListEntry>(t.app, 'POST', `/api/events/${id}/deletedteams/${backupId}/restore`, {
      as: owner,
    });
  const listDeleted = async (id: string) =>
    (await call<DeletedTeamView[]>(t.app, 'GET', `/api/events/${id}/deletedteams`, { as: owner }))
      .body;
  const actions = async (id: string) =>
    (
      await t.handle.db
        .selectFrom('audit_log')
        .select(['action', 'path', 'user_id'])
        .where('event_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((r) => [r.action, r.path, r.user_id]);

  it('deletes a team into a backup and restores everything it had', async () => {
    const id = await newEvent();
    const before = await snapshot(id, 'alpha');
    const fileBefore = await exportOf(id);
    expect(before.members).toHaveLength(2);
    expect(before.tracks).toHaveLength(2);
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });

    t.clock.t += 1000;
    const deleted = await remove(id, 'alpha');
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({
      id: expect.any(String),
      tid: 'alpha',
      name: 'Alpha',
      nr: '1',
      deletetime: t.clock.t,
      answers: 2,
      spdtickets: 1,
      tracks: 2,
    });
    expect(seen).toContainEqual(['teams']);

    // Nothing of the team is left; its device stays, detached.
    const gone = await snapshot(id, 'alpha');
    expect(gone.team).toBeUndefined();
    for (const part of ['registrations', 'answers', 'tickets', 'members', 'tracks'] as const)
      expect(gone[part], part).toEqual([]);
    expect(gone.devices).toEqual([JSON.stringify({ id: `${id}-dev1`, team_id: null })]);

    // The backup holds the product's record with the team's result.
    const stored = await t.handle.db
      .selectFrom('deleted_teams')
      .selectAll()
      .where('event_id', '=', id)
      .executeTakeFirstOrThrow();
    const record = fromJsonMap(stored.record);
    expect(Object.keys(record).sort()).toEqual(
      [
        'answerresult',
        'data',
        'deletetime',
        'devices',
        'kpanswers',
        'list',
        'members',
        'registration',
        'spdtickets',
        'tid',
        'track',
        'trackstat',
      ].sort(),
    );
    expect(record).toMatchObject({
      tid: 'alpha',
      deletetime: t.clock.t,
      data: { note: 'paid', regdata: { teamname: 'Alpha', regtime: 100, phone: '+372 5555' } },
      registration: { user_id: owner.uid, regtime: 150 },
      answerresult: { teamId: 'alpha', okcount: 2 },
      kpanswers: { k1: { answer: 'r1', aeg: 1000 }, k2: { answer: 'r1', aeg: 2000 } },
      trackstat: { dst: 18250 },
      members: { [owner.uid]: { joined: 100, via: 'reg' } },
    });
    expect(await listDeleted(id)).toEqual([deleted.body]);
    // The event file carries it under eventsdata.deletedteams.
    const fileDeleted = await exportOf(id);
    expect(fileDeleted.eventsdata.deletedteams).toEqual({ [deleted.body.id]: record });

    t.clock.t += 1000;
    const restored = await restore(id, deleted.body.id);
    stop();
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({
      id: 'alpha',
      name: 'Alpha',
      nr: '1',
      answers: 2,
      registered: true,
      members: 2,
      devs: ['dev1'],
    });
    expect(await snapshot(id, 'alpha')).toEqual(before);
    expect(await listDeleted(id)).toEqual([]);
    expect(await exportOf(id)).toEqual(fileBefore);
    expect(seen.filter((w) => w.includes('teams'))).toHaveLength(2);
    expect(await actions(id)).toEqual([
      ['team.delete', 'teams/alpha', owner.uid],
      ['team.restore', 'teams/alpha', owner.uid],
    ]);
  });

  it('refuses a restore when the team id or its number is in use again', async () => {
    const id = await newEvent();
    const alpha = await remove(id, 'alpha');
    await t.store.teams.insert({
      event_id: id,
      id: 'alpha',
      name: 'Another alpha',
      nr: '7',
      list: '{"name":"Another alpha","nr":7}',
      data: 'null',
      trackstat: null,
    });
    const exists = await restore(id, alpha.body.id);
    expect(exists.status).toBe(409);
    expect(errorOf(exists)).toBe('teams.error.exists');

    const bravo = await remove(id, 'bravo');
    const taken = await call(t.app, 'POST', `/api/events/${id}/teams`, {
      as: owner,
      body: { name: 'Delta', nr: '2' },
    });
    expect(taken.status).toBe(201);
    const nrTaken = await restore(id, bravo.body.id);
    expect(nrTaken.status).toBe(409);
    expect(errorOf(nrTaken)).toBe('teams.error.nrexists');
    // Both backups are kept, nothing was written.
    expect((await listDeleted(id)).map((d) => d.tid).sort()).toEqual(['alpha', 'bravo']);
    expect(await t.store.teams.answers(id, 'bravo')).toEqual([]);
    expect((await actions(id)).filter(([a]) => a === 'team.restore')).toEqual([]);
  });

  it('lists backups newest first and refuses deletes on an archived event', async () => {
    const id = await newEvent();
    await remove(id, 'charlie');
    t.clock.t += 5000;
    await remove(id, 'bravo');
    expect((await listDeleted(id)).map((d) => d.tid)).toEqual(['bravo', 'charlie']);
    await t.store.events.update(id, { arch: 'a1' });
    const res = await remove(id, 'alpha');
    expect(res.status).toBe(409);
    expect(errorOf(res)).toBe('teams.error.archived');
    expect(await t.store.teams.findById(id, 'alpha')).toBeDefined();
    const backups = await listDeleted(id);
    expect(errorOf(await restore(id, backups[0]!.id))).toBe('teams.error.archived');
  });

  it('restores a backup that came in an event file in the product’s shape', async () => {
    const id = uniqueShortlink('bkf');
    const file = resultsEventFile(owner.uid) as unknown as EventFile;
    const record = {
      tid: 'delta',
      deletetime: 5,
      list: { name: 'Delta', nr: 4, klassid: 'B' },
      data: { regdata: { teamname: 'Delta', regtime: 9 } },
      answerresult: null,
      kpanswers: { k1: { answer: 'r1', aeg: 10 } },
      spdtickets: { s1: { t: 11, speed: 99 } },
      trackstat: { dst: 1 },
    };
    file.eventsdata.deletedteams = { b1: record };
    await importEvent(t, file, id);
    expect(await listDeleted(id)).toEqual([
      {
        id: 'b1',
        tid: 'delta',
        name: 'Delta',
        nr: '4',
        deletetime: 5,
        answers: 1,
        spdtickets: 1,
        tracks: 0,
      },
    ]);
    expect((await exportOf(id)).eventsdata.deletedteams).toEqual({ b1: record });
    const res = await restore(id, 'b1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: 'delta',
      nr: '4',
      klassid: 'B',
      answers: 1,
      registered: true,
    });
    const teams = (await exportOf(id)).teams;
    expect(teams.data?.delta).toEqual({ regdata: { teamname: 'Delta', regtime: 9 } });
    expect(teams.kpanswers?.delta).toEqual({ k1: { answer: 'r1', aeg: 10 } });
    expect(teams.spdtickets?.delta).toEqual({ s1: { t: 11, speed: 99 } });
    expect(teams.trackstat?.delta).toEqual({ dst: 1 });
  });
});
