import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Checkpoint,
  CheckpointList,
  DeletedKp,
  DeletedKpOnTeamRow,
  PrintItemsBody,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  buildEvent,
  countRows,
  importEvent,
  signUp,
  signUpCreator,
  uniqueShortlink,
} from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';

interface Exported {
  eventsdata: Record<string, unknown>;
  teams: { kpanswers: Record<string, Record<string, unknown>> };
}

describe.each(testDialects())('checkpoints in the event file and on teams on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
    admin = await signUp(t.app);
  });
  afterAll(() => t.close());

  const exported = async (id: string) =>
    (await call<Exported>(t.app, 'GET', `/api/events/${id}/export`, { as: owner })).body;
  const onTeam = async (id: string) => {
    const res = await call<DeletedKpOnTeamRow[]>(
      t.app,
      'GET',
      `/api/events/${id}/deletedkponteam`,
      {
        as: admin,
      },
    );
    expect(res.status).toBe(200);
    return res.body;
  };
  const deleteKp = async (id: string, kpId: string) =>
    (
      await call<DeletedKp>(t.app, 'DELETE', `/api/events/${id}/checkpoints/${kpId}`, {
        as: owner,
      })
    ).body;

  /** The sample event with answers to a KP in the deleted store (kp9) and to one gone entirely. */
  const seeded = async () => {
    const file = sampleEventFile({ owner: owner.uid, admin: admin.uid });
    Object.assign(file.teams.kpanswers.t1, { kp9: { answer: 'r1', aeg: 1767268000000 } });
    Object.assign(file.teams.kpanswers.t2, { kpGone: { ok: true, aeg: 1767269000000 } });
    const id = uniqueShortlink('teams');
    await importEvent(t, file, id);
    return id;
  };

  it('writes API changes into the event file exactly as spec 04 has them', async () => {
    const id = (await buildEvent(t.app, owner)).id;
    const post = (body: unknown) =>
      call<Checkpoint>(t.app, 'POST', `/api/events/${id}/checkpoints`, { as: owner, body });
    const kept = (
      await post({
        kp: { nr: 1, ra: 2, grp: 1, kohustuslik: false, inwork: false },
        data: { desc: 'Stone', loc: { lat: 58.38, lng: 26.72 }, responses: { r1: 'A', r2: 'B' } },
        answer: 'r2',
      })
    ).body;
    const edited = await call<Checkpoint>(
      t.app,
      'PATCH',
      `/api/events/${id}/checkpoints/${kept.id}`,
      {
        as: owner,
        body: { kp: { inwork: true, grp: null }, data: { desc: 'Big stone' }, answer: 'r1' },
      },
    );
    expect(edited.status).toBe(200);
    const gone = (await post({ kp: { nr: 9 }, data: { desc: 'Old' } })).body;
    const deleted = await deleteKp(id, gone.id);
    const items = { p1: { loc: { lat: 58.3, lng: 26.7 }, type: 'kp', name: '1', limit: 0 } };
    expect(
      (await call(t.app, 'PUT', `/api/events/${id}/printitems`, { as: owner, body: items })).status,
    ).toBe(200);

    const ed = (await exported(id)).eventsdata;
    expect({
      kp: ed.kp,
      kpdata: ed.kpdata,
      kpanswer: ed.kpanswer,
      deletedkps: ed.deletedkps,
      printitems: ed.printitems,
    }).toEqual({
      kp: { [kept.id]: { nr: 1, ra: 2, kohustuslik: false, inwork: true } },
      kpdata: {
        [kept.id]: {
          desc: 'Big stone',
          loc: { lat: 58.38, lng: 26.72 },
          responses: { r1: 'A', r2: 'B' },
        },
      },
      kpanswer: { [kept.id]: 'r1' },
      deletedkps: {
        [deleted.id]: { id: gone.id, kp: { nr: 9 }, data: { desc: 'Old' }, answer: null },
      },
      printitems: items,
    });

    // The file imported elsewhere gives the same checkpoints and deleted store back.
    const copy = uniqueShortlink('copy');
    await importEvent(t, await exported(id), copy);
    const read = async (ev: string, path: string) =>
      (await call(t.app, 'GET', `/api/events/${ev}/${path}`, { as: owner })).body;
    expect(((await read(copy, 'checkpoints')) as CheckpointList).checkpoints).toEqual(
      ((await read(id, 'checkpoints')) as CheckpointList).checkpoints,
    );
    expect(await read(copy, 'deletedkps')).toEqual(await read(id, 'deletedkps'));
    expect(await read(copy, 'printitems')).toEqual(items);
  });

  it('reads and restores KPs deleted in an imported file', async () => {
    const id = await seeded();
    const store = (
      await call<DeletedKp[]>(t.app, 'GET', `/api/events/${id}/deletedkps`, {
        as: admin,
      })
    ).body;
    expect(store).toEqual([
      {
        id: 'd1',
        kpId: 'kp9',
        kp: { nr: 9 },
        data: { desc: 'Old' },
        answer: 'r1',
        deletedAt: expect.any(Number) as number,
      },
    ]);
    const restored = await call<Checkpoint>(
      t.app,
      'POST',
      `/api/events/${id}/deletedkps/d1/restore`,
      {
        as: admin,
      },
    );
    expect(restored.body).toEqual({
      id: 'kp9',
      kp: { nr: 9 },
      data: { desc: 'Old' },
      answer: 'r1',
    });
  });

  it('lists team answers to KPs that are not checkpoints, deleted or gone', async () => {
    const id = await seeded();
    expect(await onTeam(id)).toEqual([
      {
        teamId: 't1',
        teamName: 'Team A',
        kpId: 'kp9',
        aeg: 1767268000000,
        deleted: true,
        answer: 'r1',
        ok: null,
        deletedNr: 9,
        deletedId: 'd1',
      },
      {
        teamId: 't2',
        teamName: 'Team B',
        kpId: 'kpGone',
        aeg: 1767269000000,
        deleted: false,
        answer: null,
        ok: true,
        deletedNr: null,
        deletedId: null,
      },
    ]);

    // Deleting kp1 puts both teams' answers to it on the list, with the new record.
    const record = await deleteKp(id, 'kp1');
    const rows = await onTeam(id);
    expect(rows.filter((r) => r.kpId === 'kp1')).toEqual([
      expect.objectContaining({ teamId: 't1', deleted: true, deletedNr: 1, deletedId: record.id }),
      expect.objectContaining({ teamId: 't2', deleted: true, deletedNr: 1, answer: 'r2' }),
    ]);

    // Restoring takes them off again.
    for (const deletedId of ['d1', record.id]) {
      const res = await call(t.app, 'POST', `/api/events/${id}/deletedkps/${deletedId}/restore`, {
        as: admin,
      });
      expect(res.status).toBe(200);
    }
    expect((await onTeam(id)).map((r) => r.kpId)).toEqual(['kpGone']);
  });

  it('deletes one team answer (204), then answers 404', async () => {
    const id = await seeded();
    const before = await countRows(t.handle.db);
    const del = () =>
      call(t.app, 'DELETE', `/api/events/${id}/teams/t2/answers/kpGone`, { as: admin });
    expect((await del()).status).toBe(204);
    expect((await countRows(t.handle.db)).team_answers).toBe((before.team_answers ?? 0) - 1);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event_id', '=', id)
      .where('action', '=', 'team.answer.delete')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      user_id: admin.uid,
      path: `teams/${id}/kpanswers/t2/kpGone`,
      value: null,
    });
    expect(JSON.parse(audit[0]!.old_value ?? 'null')).toMatchObject({ ok: true, answer: null });
    const again = await del();
    expect(again.status).toBe(404);
    expect(errorOf(again)).toBe('error.notfound');
    expect(
      (await call(t.app, 'DELETE', `/api/events/${id}/teams/nobody/answers/kp1`, { as: admin }))
        .status,
    ).toBe(404);
    expect((await onTeam(id)).map((r) => r.kpId)).toEqual(['kp9']);
    const file = await exported(id);
    expect(file.teams.kpanswers.t2).toEqual({ kp1: { answer: 'r2', aeg: 1767267000000 } });
  });

  it('replaces the whole set of print items', async () => {
    const id = await seeded();
    const url = `/api/events/${id}/printitems`;
    const get = async () => (await call<PrintItemsBody>(t.app, 'GET', url, { as: admin })).body;
    expect(await get()).toEqual({
      p1: { loc: { lat: 58.3, lng: 26.7 }, type: 'kp', name: '1', limit: 0 },
    });
    const items = {
      p2: { loc: { lat: 58.4, lng: 26.8 }, type: 'start', name: 'S', limit: 5, colour: 'red' },
      p3: { loc: { lat: 58.5, lng: 26.9 }, type: 'kp', name: '2', limit: 0 },
    };
    const put = (body: unknown) => call<PrintItemsBody>(t.app, 'PUT', url, { as: admin, body });
    const saved = await put(items);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(items);
    expect(await get()).toEqual(items);
    expect((await exported(id)).eventsdata.printitems).toEqual(items);

    const bad = await put({ p4: { type: 'kp', name: '3', limit: 0 } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toBe('error.validation');
    expect(await get()).toEqual(items);

    expect((await put({})).body).toEqual({});
    expect(await get()).toEqual({});
  });
});
