import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Checkpoint,
  CheckpointImportResult,
  CheckpointList,
  DeletedKp,
  ErrorBody,
} from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import type { Store } from '../db/store.ts';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { buildEvent, countRows, signUpCreator } from '../test/factories.ts';
import { checkpointService } from './checkpoint.service.ts';

/**
 * A store whose checkpoint inserts write the first row of each batch and then fail, as a full
 * disk might: whatever the transaction wrote before (removals included) must be rolled back.
 */
function storeFailingOnInsert(store: Store): Store {
  return {
    ...store,
    transaction: (fn) =>
      store.transaction((repos) =>
        fn({
          ...repos,
          checkpoints: {
            ...repos.checkpoints,
            insertMany: async (rows) => {
              await repos.checkpoints.insertMany(rows.slice(0, 1));
              throw new Error('injected failure');
            },
          },
        }),
      ),
  };
}

describe.each(testDialects())('checkpoint import and renumber on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
  });
  afterAll(() => t.close());

  const newEvent = async () => (await buildEvent(t.app, owner)).id;
  const create = async (eventId: string, body: unknown) => {
    const res = await call<Checkpoint>(t.app, 'POST', `/api/events/${eventId}/checkpoints`, {
      as: owner,
      body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const importKps = (eventId: string, body: unknown) =>
    call<CheckpointImportResult & ErrorBody>(
      t.app,
      'POST',
      `/api/events/${eventId}/checkpoints/import`,
      {
        as: owner,
        body,
      },
    );
  const renumber = (eventId: string, body: unknown) =>
    call<Checkpoint[] & ErrorBody>(t.app, 'POST', `/api/events/${eventId}/checkpoints/renumber`, {
      as: owner,
      body,
    });
  const list = async (eventId: string) =>
    (
      await call<CheckpointList>(t.app, 'GET', `/api/events/${eventId}/checkpoints`, {
        as: owner,
      })
    ).body.checkpoints;
  const deleted = async (eventId: string) =>
    (await call<DeletedKp[]>(t.app, 'GET', `/api/events/${eventId}/deletedkps`, { as: owner }))
      .body;

  it('add mode adds only unused numbers and skips the rest', async () => {
    const id = await newEvent();
    const one = await create(id, { kp: { nr: 1 }, data: { desc: 'Stone' } });
    const res = await importKps(id, {
      mode: 'add',
      checkpoints: [
        { kp: { nr: '1' }, data: { desc: 'Changed' } },
        { id: 'kp-three', kp: { nr: 3 }, data: { desc: 'Three' } },
        { kp: { nr: 4, ra: 2 }, data: { responses: { a: 'A' } }, answer: 'a' },
        { kp: { nr: 3 }, data: { desc: 'Again' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 2, updated: 0, removed: 0, skipped: 2 });
    const after = await list(id);
    expect(after.map((c) => [c.kp.nr, c.data.desc ?? null])).toEqual([
      [1, 'Stone'],
      [3, 'Three'],
      [4, null],
    ]);
    expect(after[0]).toEqual(one);
    expect(after[1]?.id).toBe('kp-three');
    expect(after[2]).toMatchObject({ kp: { nr: 4, ra: 2 }, answer: 'a' });
  });

  it('merge mode fills blanks of existing KPs and adds new ones', async () => {
    const id = await newEvent();
    const stone = await create(id, {
      kp: { nr: 1 },
      data: { desc: 'Stone', responses: { r1: 'A' } },
    });
    const full = await create(id, { kp: { nr: 2, ra: 1 }, data: { desc: 'Full' } });
    const res = await importKps(id, {
      mode: 'merge',
      checkpoints: [
        {
          kp: { nr: 1, ra: 2 },
          data: { desc: 'Other', loc: { lat: 58, lng: 26 }, responses: { r1: 'X', r2: 'B' } },
          answer: 'r2',
        },
        { kp: { nr: 2, ra: 3 }, data: { desc: 'Ignored' } },
        { kp: { nr: 9 }, data: { desc: 'New' } },
      ],
    });
    expect(res.body).toEqual({ added: 1, updated: 1, removed: 0, skipped: 1 });
    const after = await list(id);
    expect(after[0]).toEqual({
      id: stone.id,
      kp: { nr: 1, ra: 2 },
      data: { desc: 'Stone', loc: { lat: 58, lng: 26 }, responses: { r1: 'A', r2: 'B' } },
      answer: 'r2',
    });
    expect(after[1]).toEqual(full);
    expect(after[2]).toMatchObject({ kp: { nr: 9 }, data: { desc: 'New' }, answer: null });
  });

  it('replace mode moves every existing KP to the deleted store, then writes the file', async () => {
    const id = await newEvent();
    const a = await create(id, { kp: { nr: 1 }, data: { responses: { r: 'R' } }, answer: 'r' });
    const b = await create(id, { kp: { nr: 2 } });
    const res = await importKps(id, {
      mode: 'replace',
      checkpoints: [{ kp: { nr: 1 }, data: { desc: 'New one' } }, { kp: { nr: 'F' } }],
    });
    expect(res.body).toEqual({ added: 2, updated: 0, removed: 2, skipped: 0 });
    const after = await list(id);
    expect(after.map((c) => [c.kp.nr, c.data.desc ?? null])).toEqual([
      [1, 'New one'],
      ['F', null],
    ]);
    expect(after.map((c) => c.id)).not.toContain(a.id);
    const store = await deleted(id);
    expect(store.map((d) => d.kpId).sort()).toEqual([a.id, b.id].sort());
    expect(store.find((d) => d.kpId === a.id)).toMatchObject({
      kp: a.kp,
      data: a.data,
      answer: 'r',
    });
  });

  it('replace mode keeps the ids of re-imported checkpoints (an export read back in)', async () => {
    const id = await newEvent();
    const a = await create(id, { kp: { nr: 1 }, data: { desc: 'Old' } });
    const res = await importKps(id, {
      mode: 'replace',
      checkpoints: [{ id: a.id, kp: { nr: 1 }, data: { desc: 'Re-imported' } }],
    });
    expect(res.body).toEqual({ added: 1, updated: 0, removed: 1, skipped: 0 });
    const after = await list(id);
    expect(after.map((c) => [c.id, c.data.desc])).toEqual([[a.id, 'Re-imported']]);
  });

  it('refuses an import with one invalid row and writes nothing', async () => {
    const id = await newEvent();
    await create(id, { kp: { nr: 1 }, data: { desc: 'Keep' } });
    await create(id, { kp: { nr: 2 } });
    const before = { rows: await countRows(t.handle.db), kps: await list(id) };

    const invalid = await importKps(id, {
      mode: 'replace',
      checkpoints: [
        { kp: { nr: 7 } },
        { kp: { nr: 8 }, data: { loc: { lat: 200, lng: 0 } } },
        { kp: { nr: 9 } },
      ],
    });
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid)).toBe('error.validation');
    expect(invalid.body.details?.map((d) => d.path)).toEqual(['checkpoints.1.data.loc.lat']);

    const badAnswer = await importKps(id, {
      mode: 'replace',
      checkpoints: [
        { kp: { nr: 7 } },
        { kp: { nr: 8 }, data: { responses: { a: 'A' } }, answer: 'b' },
      ],
    });
    expect(badAnswer.status).toBe(400);
    expect(errorOf(badAnswer)).toBe('kpdata.badresponse');
    expect(badAnswer.body.details?.map((d) => d.path)).toEqual(['checkpoints.1.answer']);

    expect(errorOf(await importKps(id, { mode: 'upsert', checkpoints: [] }))).toBe(
      'error.validation',
    );
    expect(await countRows(t.handle.db)).toEqual(before.rows);
    expect(await list(id)).toEqual(before.kps);
  });

  it('rolls back everything when a write fails midway', async () => {
    const id = await newEvent();
    await create(id, { kp: { nr: 1 }, data: { desc: 'Keep' } });
    await create(id, { kp: { nr: 2 } });
    const before = { rows: await countRows(t.handle.db), kps: await list(id) };
    const actor: Actor = {
      uid: owner.uid,
      email: owner.email,
      superAdmin: false,
      platformOwner: false,
      creator: true,
    };
    const failing = checkpointService({
      store: storeFailingOnInsert(t.store),
      bus: t.bus,
      now: () => t.clock.t,
    });
    // Replace moves both KPs to the deleted store, writes the first new one, then fails.
    await expect(
      failing.importCheckpoints(actor, id, {
        mode: 'replace',
        checkpoints: [
          { kp: { nr: 7 }, data: {}, answer: null },
          { kp: { nr: 8 }, data: {}, answer: null },
          { kp: { nr: 9 }, data: {}, answer: null },
        ],
      }),
    ).rejects.toThrow('injected failure');
    expect(await countRows(t.handle.db)).toEqual(before.rows);
    expect(await list(id)).toEqual(before.kps);
    expect(await deleted(id)).toEqual([]);
  });

  it('renumbers a range and answers the new list', async () => {
    const id = await newEvent();
    const kps: Checkpoint[] = [];
    for (const nr of [1, 2, 3, 4, 5, 'F'])
      kps.push(await create(id, { kp: { nr }, data: { responses: { r: 'R' } }, answer: 'r' }));
    const res = await renumber(id, { start: 3, end: 4, add: 10 });
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.kp.nr)).toEqual([1, 2, 5, 13, 14, 'F']);
    expect(res.body).toEqual(await list(id));
    expect(res.body.find((c) => c.id === kps[2]?.id)).toEqual({
      ...kps[2],
      kp: { nr: 13 },
    });
    // Down again by a negative amount; an empty range changes nothing.
    expect((await renumber(id, { start: 13, end: 14, add: -10 })).body.map((c) => c.kp.nr)).toEqual(
      [1, 2, 3, 4, 5, 'F'],
    );
    expect((await renumber(id, { start: 9, end: 1, add: 5 })).body).toEqual(await list(id));
    expect(errorOf(await renumber(id, { start: 1, end: 2 }))).toBe('error.validation');
  });

  it('refuses an import or a renumbering with a number out of range (400 kp.error.badnumber)', async () => {
    const id = await newEvent();
    const kps: Checkpoint[] = [];
    for (const nr of [1, 2, 9000]) kps.push(await create(id, { kp: { nr } }));
    const before = await list(id);
    for (const nr of [1e308, -1, 1.5, '0']) {
      const res = await importKps(id, {
        mode: 'add',
        checkpoints: [{ kp: { nr: 7 } }, { kp: { nr } }],
      });
      expect(res.status, String(nr)).toBe(400);
      expect(errorOf(res), String(nr)).toBe('kp.error.badnumber');
      expect(
        res.body.details?.map((d) => d.path),
        String(nr),
      ).toEqual(['checkpoints.1.kp.nr']);
    }
    const down = await renumber(id, { start: 1, end: 2, add: -1 });
    expect(down.status).toBe(400);
    expect(errorOf(down)).toBe('kp.error.badnumber');
    expect(down.body.details?.map((d) => d.path)).toEqual([kps[0]?.id]);
    expect(errorOf(await renumber(id, { start: 9000, end: 9000, add: 1000 }))).toBe(
      'kp.error.badnumber',
    );
    expect(await list(id)).toEqual(before);
  });

  it('refuses a renumbering that lands on a number in use (409 error.cpnumconflict)', async () => {
    const id = await newEvent();
    const kps: Checkpoint[] = [];
    for (const nr of [1, 2, 3]) kps.push(await create(id, { kp: { nr } }));
    const before = await list(id);
    const res = await renumber(id, { start: 1, end: 2, add: 1 });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toBe('error.cpnumconflict');
    expect(res.body.details?.map((d) => d.path)).toEqual([kps[1]?.id]);
    expect(await list(id)).toEqual(before);
  });
});
