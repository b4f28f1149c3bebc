import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import { eventService } from '../events/event.service.ts';
import type { Store } from '../db/store.ts';
import { AppError } from '../http/errors.ts';
import { inProcessBus } from '../realtime/bus.ts';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { countRows, signUp, uniqueShortlink } from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';

const MACHINE: Actor = {
  uid: '',
  email: '',
  superAdmin: true,
  platformOwner: false,
  creator: true,
};

/** The error key a failed promise carries. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AppError) return e.key;
    throw e;
  }
  throw new Error('was not refused');
}

describe.each(testDialects())('event file import and export on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let events: ReturnType<typeof eventService>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    events = eventService({ store: t.store, bus: inProcessBus(), now: () => t.clock.t });
  });
  afterAll(() => t.close());

  it('exports exactly the imported file, unknown keys included (service)', async () => {
    const file = sampleEventFile();
    const id = uniqueShortlink('rt');
    const created = await events.importFile(file, id);
    expect(created).toMatchObject({ id, name: 'Spring rogaine', type: 'valik', hidden: false });
    expect(await events.exportFile(MACHINE, id)).toEqual(sampleEventFile());
  });

  it('serves the same file over HTTP to an admin named in it, as an attachment', async () => {
    const id = uniqueShortlink('http');
    await events.importFile(sampleEventFile({ owner: owner.uid, admin: 'uid-admin' }), id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${id}/export`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${id}.json"`);
    expect(JSON.parse(res.body)).toEqual(sampleEventFile({ owner: owner.uid, admin: 'uid-admin' }));
    const summary = await call<{ role: string }>(t.app, 'GET', `/api/events/${id}`, { as: owner });
    expect(summary.body.role).toBe('owner');
  });

  it('stores team members and deleted-team backups in their tables and gives them back', async () => {
    const file = sampleEventFile();
    const data = file.teams.data as Record<string, Record<string, unknown>>;
    data.t2!.members = { u1: { joined: 10, via: 'reg' } };
    (file.eventsdata as Record<string, unknown>).deletedteams = {
      b1: { tid: 't9', deletetime: 5, list: { name: 'Gone' }, kpanswers: {} },
    };
    const id = uniqueShortlink('mem');
    await events.importFile(file, id);
    const members = await t.store.members.ofTeam(id, 't2');
    expect(members.map((m) => [m.user_id, m.joined_at, m.via])).toEqual([['u1', 10, 'reg']]);
    const backups = await t.handle.db
      .selectFrom('deleted_teams')
      .select(['id', 'team_id', 'name', 'deleted_at'])
      .where('event_id', '=', id)
      .execute();
    expect(backups).toEqual([{ id: 'b1', team_id: 't9', name: 'Gone', deleted_at: 5 }]);
    expect(await events.exportFile(MACHINE, id)).toEqual(file);
    // Deleting the event removes them with it.
    await t.store.events.delete(id);
    expect(await t.store.members.ofEvent(id)).toEqual([]);
  });

  it('keeps a large event whole (more rows than one insert batch)', async () => {
    const file = sampleEventFile();
    const kp: Record<string, unknown> = file.eventsdata.kp;
    const kpdata: Record<string, unknown> = file.eventsdata.kpdata;
    const list: Record<string, unknown> = file.teams.list;
    const kpanswers: Record<string, unknown> = file.teams.kpanswers;
    for (let k = 0; k < 450; k++) {
      kp[`k${k}`] = { nr: 100 + k, ra: k % 5 };
      kpdata[`k${k}`] = { desc: `KP ${k}`, loc: { lat: 58 + k / 1000, lng: 26 } };
    }
    for (let n = 0; n < 250; n++) {
      list[`team${n}`] = { name: `Team ${n}`, nr: 1000 + n };
      kpanswers[`team${n}`] = { k1: { answer: 'r1', aeg: 1767265000000 + n } };
    }
    const id = uniqueShortlink('big');
    await events.importFile(file, id);
    expect(await events.exportFile(MACHINE, id)).toEqual(file);
  });

  it('refuses a file without all four parts, a bad id or a taken id, writing nothing', async () => {
    const before = await countRows(t.handle.db);
    const { evdoc: _evdoc, ...noEvdoc } = sampleEventFile();
    expect(await refusal(events.importFile(noEvdoc, uniqueShortlink()))).toBe(
      'createevent.badtemplate',
    );
    expect(await refusal(events.importFile('{"events":{}}', uniqueShortlink()))).toBe(
      'createevent.badtemplate',
    );
    expect(await refusal(events.importFile(sampleEventFile(), 'has space'))).toBe(
      'createevent.err.badlink',
    );
    expect(await refusal(events.importFile(sampleEventFile(), 'api'))).toBe(
      'createevent.err.badlink',
    );
    expect(await countRows(t.handle.db)).toEqual(before);

    const id = uniqueShortlink('Taken');
    await events.importFile(sampleEventFile(), id);
    const afterOne = await countRows(t.handle.db);
    expect(await refusal(events.importFile(sampleEventFile(), id.toLowerCase()))).toBe(
      'createevent.err.exists',
    );
    expect(await countRows(t.handle.db)).toEqual(afterOne);
  });

  it('writes nothing when storing fails halfway (one transaction)', async () => {
    // A store whose whole-event insert fails after writing every row, inside the transaction.
    const failing: Store = {
      ...t.store,
      transaction: (fn) =>
        t.store.transaction((repos) =>
          fn({
            ...repos,
            eventFiles: {
              ...repos.eventFiles,
              insertAll: async (rows) => {
                await repos.eventFiles.insertAll(rows);
                throw new Error('disk full');
              },
            },
          }),
        ),
    };
    const broken = eventService({ store: failing, bus: inProcessBus(), now: () => t.clock.t });
    const before = await countRows(t.handle.db);
    const id = uniqueShortlink('half');
    await expect(broken.importFile(sampleEventFile(), id)).rejects.toThrow('disk full');
    expect(await countRows(t.handle.db)).toEqual(before);
    expect(await t.store.events.findById(id)).toBeUndefined();
  });

  it('answers 404 to an export of a missing event', async () => {
    const res = await call(t.app, 'GET', '/api/events/no-such-event/export', { as: owner });
    expect(res.status).toBe(404);
  });
});
