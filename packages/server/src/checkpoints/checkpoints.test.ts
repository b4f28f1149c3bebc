import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTopic } from '@rada/core';
import type { Checkpoint, CheckpointList, DeletedKp, ErrorBody, ServerMessage } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { buildEvent, countRows, signUp, signUpCreator } from '../test/factories.ts';

describe.each(testDialects())('checkpoints on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const newEvent = async () => (await buildEvent(t.app, owner)).id;
  const create = (eventId: string, body: unknown, as: Caller = owner) =>
    call<Checkpoint & ErrorBody>(t.app, 'POST', `/api/events/${eventId}/checkpoints`, {
      as,
      body,
    });
  const patch = (eventId: string, kpId: string, body: unknown) =>
    call<Checkpoint & ErrorBody>(t.app, 'PATCH', `/api/events/${eventId}/checkpoints/${kpId}`, {
      as: owner,
      body,
    });
  const list = (eventId: string, as: Caller = owner) =>
    call<CheckpointList & ErrorBody>(t.app, 'GET', `/api/events/${eventId}/checkpoints`, { as });
  const nrs = async (eventId: string) => (await list(eventId)).body.checkpoints.map((c) => c.kp.nr);
  const setKpsInWeb = async (eventId: string, on: boolean) => {
    const res = await call(t.app, 'PATCH', `/api/events/${eventId}/settings`, {
      as: owner,
      body: { settings: { kpsinweb: on } },
    });
    expect(res.status).toBe(200);
  };

  it('creates checkpoints, numbering from the highest numeric nr, and lists them sorted', async () => {
    const id = await newEvent();
    const first = await create(id, { kp: {} });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: first.body.id, kp: { nr: 1 }, data: {}, answer: null });

    const full = await create(id, {
      kp: { nr: 7, ra: 2, inwork: true, futureKey: 'kept' },
      data: { desc: 'Stone', loc: { lat: 58.38, lng: 26.72 }, responses: { r1: 'A', r2: 'B' } },
      answer: 'r2',
    });
    expect(full.status).toBe(201);
    expect(full.body).toEqual({
      id: full.body.id,
      kp: { nr: 7, ra: 2, inwork: true, futureKey: 'kept' },
      data: { desc: 'Stone', loc: { lat: 58.38, lng: 26.72 }, responses: { r1: 'A', r2: 'B' } },
      answer: 'r2',
    });
    expect((await create(id, { kp: { nr: 'F' } })).status).toBe(201);
    expect((await create(id, { kp: { nr: '12a' } })).status).toBe(201);
    // 'F' and '12a' are not numbers: the next is 8.
    expect((await create(id, { kp: {} })).body.kp.nr).toBe(8);
    expect((await create(id, { kp: { nr: '20' } })).status).toBe(201);
    expect((await create(id, { kp: {} })).body.kp.nr).toBe(21);

    const all = await list(id);
    expect(all.status).toBe(200);
    expect(all.body.admin).toBe(true);
    expect(all.body.archived).toBe(false);
    expect(all.body.checkpoints.map((c) => c.kp.nr)).toEqual([1, 7, 8, '20', 21, '12a', 'F']);
    expect(all.body.checkpoints.find((c) => c.id === full.body.id)).toEqual(full.body);
  });

  it('gives concurrent creations distinct numbers', async () => {
    const id = await newEvent();
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => create(id, { kp: {} })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.body.kp.nr).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a number in use (409 error.cpnumconflict), as number or string, writing nothing', async () => {
    const id = await newEvent();
    const one = (await create(id, { kp: { nr: 1 } })).body;
    const two = (await create(id, { kp: { nr: 'F' } })).body;
    const before = await countRows(t.handle.db);
    for (const nr of [1, '1', ' 1 ', 'F']) {
      const res = await create(id, { kp: { nr } });
      expect(res.status, String(nr)).toBe(409);
      expect(errorOf(res)).toBe('error.cpnumconflict');
    }
    const moved = await patch(id, two.id, { kp: { nr: '1' } });
    expect(moved.status).toBe(409);
    expect(errorOf(moved)).toBe('error.cpnumconflict');
    expect(await countRows(t.handle.db)).toEqual(before);
    expect(await nrs(id)).toEqual([1, 'F']);
    // Keeping its own number, or taking a free one, is fine.
    expect((await patch(id, one.id, { kp: { nr: 1, ra: 3 } })).status).toBe(200);
    expect((await patch(id, two.id, { kp: { nr: 2 } })).body.kp.nr).toBe(2);
  });

  it('refuses an answer that is not one of the responses (400 kpdata.badresponse)', async () => {
    const id = await newEvent();
    const before = await countRows(t.handle.db);
    const noResponses = await create(id, { kp: {}, answer: 'r1' });
    expect(noResponses.status).toBe(400);
    expect(errorOf(noResponses)).toBe('kpdata.badresponse');
    const wrong = await create(id, { kp: {}, data: { responses: { r1: 'A' } }, answer: 'r2' });
    expect(errorOf(wrong)).toBe('kpdata.badresponse');
    expect(await countRows(t.handle.db)).toEqual(before);

    const kp = (
      await create(id, { kp: {}, data: { responses: { r1: 'A', r2: 'B' } }, answer: 'r1' })
    ).body;
    // The correct response cannot be removed from under its answer, nor the answer moved away.
    const removed = await patch(id, kp.id, { data: { responses: { r2: 'B' } } });
    expect(removed.status).toBe(400);
    expect(errorOf(removed)).toBe('kpdata.badresponse');
    expect(errorOf(await patch(id, kp.id, { answer: 'r9' }))).toBe('kpdata.badresponse');
    expect((await list(id)).body.checkpoints[0]).toEqual(kp);
    // Both together are fine, and so is clearing the answer.
    const both = await patch(id, kp.id, { data: { responses: { r2: 'B' } }, answer: 'r2' });
    expect(both.body).toMatchObject({ data: { responses: { r2: 'B' } }, answer: 'r2' });
    expect((await patch(id, kp.id, { answer: null })).body.answer).toBeNull();
  });

  it('validates kp and data documents (400 error.validation with details)', async () => {
    const id = await newEvent();
    const bad = await create(id, { kp: { ra: 'x' }, data: { loc: { lat: 200, lng: 0 } } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toBe('error.validation');
    expect(bad.body.details?.map((d) => d.path).sort()).toEqual(['data.loc.lat', 'kp.ra']);
    expect(errorOf(await create(id, { kp: {}, extra: 1 }))).toBe('error.validation');

    const kp = (await create(id, { kp: { nr: 3 } })).body;
    const badPatch = await patch(id, kp.id, { kp: { nr: null }, data: { loc: { lat: 1 } } });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.details?.map((d) => d.path).sort()).toEqual(['data.loc.lng', 'kp.nr']);
    expect((await list(id)).body.checkpoints).toEqual([kp]);
    const missing = await patch(id, 'no-such-kp', { kp: { ra: 1 } });
    expect(missing.status).toBe(404);
  });

  it('refuses a KP number that is no whole number from 1 to KP_NR_MAX (400 kp.error.badnumber)', async () => {
    const id = await newEvent();
    const kp = (await create(id, { kp: { nr: 3 } })).body;
    for (const nr of [1e308, -1, 1.5, 0, 10_000, '1e308', '-1', '1.5', '0', '10000']) {
      const made = await create(id, { kp: { nr } });
      expect(made.status, String(nr)).toBe(400);
      expect(errorOf(made), String(nr)).toBe('kp.error.badnumber');
      expect(
        made.body.details?.map((d) => d.path),
        String(nr),
      ).toEqual(['kp.nr']);
      const changed = await patch(id, kp.id, { kp: { nr } });
      expect(errorOf(changed), String(nr)).toBe('kp.error.badnumber');
    }
    expect(await nrs(id)).toEqual([3]);
    // Names and the edges stay numbers.
    for (const nr of ['F', '12a', 1, 9999, '007']) {
      expect((await create(id, { kp: { nr } })).status, String(nr)).toBe(201);
    }
  });

  it('merges a patch key by key; null removes a key', async () => {
    const id = await newEvent();
    const kp = (
      await create(id, {
        kp: { nr: 3, ra: 2, inwork: true, futureKey: 'x' },
        data: { desc: 'a', a: 'b', responses: { r1: 'A' } },
        answer: 'r1',
      })
    ).body;
    const res = await patch(id, kp.id, {
      kp: { ra: 3, inwork: null },
      data: { desc: 'new', a: null, anycross: true },
    });
    expect(res.status).toBe(200);
    const expected = {
      id: kp.id,
      kp: { nr: 3, ra: 3, futureKey: 'x' },
      data: { desc: 'new', responses: { r1: 'A' }, anycross: true },
      answer: 'r1',
    };
    expect(res.body).toEqual(expected);
    expect((await list(id)).body.checkpoints).toEqual([expected]);
  });

  it('shows the list to anyone only with kpsinweb on, never with answers or scores', async () => {
    const id = await newEvent();
    await create(id, {
      kp: { nr: 1 },
      data: { desc: 'Tree', responses: { r1: 'A', r2: 'B' }, scores: { r1: 987654, r2: 0 } },
      answer: 'r1',
    });
    expect((await list(id, null)).status).toBe(401);
    expect(errorOf(await list(id, stranger))).toBe('error.forbidden');

    await setKpsInWeb(id, true);
    for (const as of [null, stranger]) {
      const raw = await t.app.inject({
        method: 'GET',
        url: `/api/events/${id}/checkpoints`,
        headers: as ? { cookie: as.cookie } : {},
      });
      expect(raw.statusCode).toBe(200);
      expect(raw.body).not.toContain('answer');
      expect(raw.body).not.toContain('scores');
      expect(raw.body).not.toContain('987654');
      const body = JSON.parse(raw.body) as CheckpointList;
      expect(body.admin).toBe(false);
      expect(body.checkpoints).toEqual([
        {
          id: body.checkpoints[0]?.id,
          kp: { nr: 1 },
          data: { desc: 'Tree', responses: { r1: 'A', r2: 'B' } },
        },
      ]);
    }
    // Private parts stay private even with kpsinweb on.
    for (const path of ['deletedkps', 'deletedkponteam', 'printitems']) {
      expect((await call(t.app, 'GET', `/api/events/${id}/${path}`)).status, path).toBe(401);
      expect((await call(t.app, 'GET', `/api/events/${id}/${path}`, { as: stranger })).status).toBe(
        403,
      );
    }
    const admin = await list(id);
    expect(admin.body.admin).toBe(true);
    expect(admin.body.checkpoints[0]).toMatchObject({
      answer: 'r1',
      data: { scores: { r1: 987654, r2: 0 } },
    });

    await setKpsInWeb(id, false);
    expect((await list(id, null)).status).toBe(401);
    expect((await list(id, stranger)).status).toBe(403);
  });

  it('deletes into the deleted store and restores with data and answer', async () => {
    const id = await newEvent();
    const kp = (
      await create(id, {
        kp: { nr: 5, ra: 3, kohustuslik: true },
        data: { desc: 'Well', loc: { lat: 58.1, lng: 26.1 }, responses: { x: 'X', y: 'Y' } },
        answer: 'y',
      })
    ).body;
    t.clock.t += 1000;
    const del = await call<DeletedKp>(t.app, 'DELETE', `/api/events/${id}/checkpoints/${kp.id}`, {
      as: owner,
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({
      id: del.body.id,
      kpId: kp.id,
      kp: kp.kp,
      data: kp.data,
      answer: 'y',
      deletedAt: t.clock.t,
    });
    expect(del.body.id).not.toBe(kp.id);
    expect((await list(id)).body.checkpoints).toEqual([]);
    const deleted = await call<DeletedKp[]>(t.app, 'GET', `/api/events/${id}/deletedkps`, {
      as: owner,
    });
    expect(deleted.body).toEqual([del.body]);

    const restore = () =>
      call<Checkpoint>(t.app, 'POST', `/api/events/${id}/deletedkps/${del.body.id}/restore`, {
        as: owner,
      });
    const restored = await restore();
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(kp);
    expect((await list(id)).body.checkpoints).toEqual([kp]);
    expect(
      (await call<DeletedKp[]>(t.app, 'GET', `/api/events/${id}/deletedkps`, { as: owner })).body,
    ).toEqual([]);
    expect((await restore()).status).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/events/${id}/checkpoints/no-such`, { as: owner })).status,
    ).toBe(404);
  });

  it('refuses a restore whose number or id is in use (409 error.cpnumconflict)', async () => {
    const id = await newEvent();
    const kp = (await create(id, { kp: { nr: 5 } })).body;
    const del = (
      await call<DeletedKp>(t.app, 'DELETE', `/api/events/${id}/checkpoints/${kp.id}`, {
        as: owner,
      })
    ).body;
    const restore = () =>
      call(t.app, 'POST', `/api/events/${id}/deletedkps/${del.id}/restore`, { as: owner });

    const taker = (await create(id, { kp: { nr: '5' } })).body;
    const before = await countRows(t.handle.db);
    const byNr = await restore();
    expect(byNr.status).toBe(409);
    expect(errorOf(byNr)).toBe('error.cpnumconflict');
    expect(await countRows(t.handle.db)).toEqual(before);

    // Free the number, then let another KP take the old id (an import keeps given ids).
    expect((await patch(id, taker.id, { kp: { nr: 6 } })).status).toBe(200);
    const imported = await call(t.app, 'POST', `/api/events/${id}/checkpoints/import`, {
      as: owner,
      body: { mode: 'add', checkpoints: [{ id: kp.id, kp: { nr: 50 } }] },
    });
    expect(imported.body).toMatchObject({ added: 1 });
    const byId = await restore();
    expect(byId.status).toBe(409);
    expect(errorOf(byId)).toBe('error.cpnumconflict');
    expect(await nrs(id)).toEqual([6, 50]);
  });

  it('publishes event.changed for checkpoints after each write, and nothing on a refusal', async () => {
    const id = await newEvent();
    const seen: ServerMessage[] = [];
    const stop = t.bus.subscribe(eventTopic(id), (m) => seen.push(m));
    try {
      const kp = (await create(id, { kp: {} })).body;
      await patch(id, kp.id, { kp: { ra: 2 } });
      await create(id, { kp: { nr: 1 } }); // 409
      await create(id, { kp: {} }, stranger); // 403
      const del = await call<DeletedKp>(t.app, 'DELETE', `/api/events/${id}/checkpoints/${kp.id}`, {
        as: owner,
      });
      await call(t.app, 'POST', `/api/events/${id}/deletedkps/${del.body.id}/restore`, {
        as: owner,
      });
      await call(t.app, 'PUT', `/api/events/${id}/printitems`, { as: owner, body: {} });
      expect(seen).toEqual(
        Array(5).fill({ v: 1, type: 'event.changed', eventId: id, what: ['checkpoints'] }),
      );
    } finally {
      stop();
    }
  });

  it('refuses every checkpoint write on an archived event (409 kp.error.archived)', async () => {
    const id = await newEvent();
    const kp = (await create(id, { kp: { nr: 1 } })).body;
    const del = (
      await call<DeletedKp>(t.app, 'DELETE', `/api/events/${id}/checkpoints/${kp.id}`, {
        as: owner,
      })
    ).body;
    const other = (await create(id, { kp: { nr: 2 } })).body;
    await t.store.events.update(id, { arch: '2026-01-01' });
    const before = await countRows(t.handle.db);

    const writes: [string, string, unknown?][] = [
      ['POST', `/api/events/${id}/checkpoints`, { kp: {} }],
      ['PATCH', `/api/events/${id}/checkpoints/${other.id}`, { kp: { ra: 2 } }],
      ['DELETE', `/api/events/${id}/checkpoints/${other.id}`],
      ['POST', `/api/events/${id}/checkpoints/import`, { mode: 'replace', checkpoints: [] }],
      ['POST', `/api/events/${id}/checkpoints/renumber`, { start: 1, end: 9, add: 10 }],
      ['POST', `/api/events/${id}/deletedkps/${del.id}/restore`],
      ['DELETE', `/api/events/${id}/teams/t1/answers/${kp.id}`],
      ['PUT', `/api/events/${id}/printitems`, {}],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(t.app, method as 'POST', url, { as: owner, body });
      expect(`${method} ${url}: ${res.status} ${errorOf(res)}`).toBe(
        `${method} ${url}: 409 kp.error.archived`,
      );
    }
    expect(await countRows(t.handle.db)).toEqual(before);
    // Non-admins learn nothing about the state: they are refused first.
    expect((await create(id, { kp: {} }, stranger)).status).toBe(403);
    const read = await list(id);
    expect(read.status).toBe(200);
    expect(read.body.archived).toBe(true);
    expect(read.body.checkpoints).toEqual([other]);
  });
});
