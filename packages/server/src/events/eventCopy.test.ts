import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, EventFile, EventSummary } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { countRows, importEvent, signUpCreator, uniqueShortlink } from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';

type Sample = ReturnType<typeof sampleEventFile>;

const NO_TEAMS = { list: {}, data: {}, kpanswers: {}, spdtickets: {}, trackstat: {} };

describe.each(testDialects())('duplicating and templates on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let source: string;
  let sample: Sample;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
    admin = await signUpCreator(t);
    stranger = await signUpCreator(t);
    source = uniqueShortlink('src');
    sample = sampleEventFile({ owner: owner.uid, admin: admin.uid });
    await importEvent(t, sample, source);
  });
  afterAll(() => t.close());

  const create = (as: TestUser, body: Record<string, unknown>) =>
    call<EventSummary>(t.app, 'POST', '/api/events', {
      as,
      body: {
        name: 'Copy',
        shortlink: uniqueShortlink('copy'),
        starttime: 1_900_000_000_000,
        endtime: null,
        ...body,
      },
    });
  const exportOf = async (id: string) =>
    (await call<EventFile & Sample>(t.app, 'GET', `/api/events/${id}/export`, { as: owner })).body;

  /** What a copy keeps of the sample: settings, conf, the event document and checkpoints. */
  const expectCopiedParts = (copy: Sample) => {
    const ed = sample.eventsdata;
    expect(copy.eventsdata).toEqual({
      data: ed.data,
      conf: ed.conf,
      kp: ed.kp,
      kpdata: ed.kpdata,
      kpanswer: ed.kpanswer,
      printitems: ed.printitems,
      deletedkps: {},
      docver: 1,
    });
    expect(copy.evdoc).toEqual(sample.evdoc);
    expect(copy.teams).toEqual(NO_TEAMS);
    const { admins: _admins, name: _name, starttime: _s, endtime: _e, ...record } = sample.events;
    expect(copy.events).toMatchObject({
      ...record,
      name: 'Copy',
      starttime: 1_900_000_000_000,
      endtime: null,
    });
  };

  it('duplicates settings and checkpoints but not teams; the copier alone is owner by default', async () => {
    const res = await create(owner, { duplicateOf: source });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Copy',
      type: 'valik',
      role: 'owner',
      hidden: false,
      endtime: null,
    });

    const copy = await exportOf(res.body.id);
    expectCopiedParts(copy);
    expect(copy.events.admins).toEqual({ [owner.uid]: 'owner' });
    // The source is untouched.
    expect(await exportOf(source)).toEqual(sample);
  });

  it('keeps the original admins with removePermissions false; the copier becomes owner', async () => {
    const res = await create(admin, { duplicateOf: source, removePermissions: false });
    expect(res.status).toBe(201);
    const copy = await exportOf(res.body.id);
    expectCopiedParts(copy);
    expect(copy.events.admins).toEqual({ [admin.uid]: 'owner', [owner.uid]: 'admin' });
    const admins = await call<{ uid: string; role: string }[]>(
      t.app,
      'GET',
      `/api/events/${res.body.id}/admins`,
      {
        as: owner,
      },
    );
    expect(admins.body.map((a) => [a.uid, a.role])).toEqual([
      [admin.uid, 'owner'],
      [owner.uid, 'admin'],
    ]);
  });

  it('refuses to duplicate an event the creator does not administer, or one that does not exist', async () => {
    const before = await countRows(t.handle.db);
    const foreign = await create(stranger, { duplicateOf: source });
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign)).toBe('error.forbidden');

    const missing = await create(owner, { duplicateOf: 'no-such-event' });
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toBe('createevent.err.notfound');

    const taken = await create(owner, { duplicateOf: source, shortlink: source.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(errorOf(taken)).toBe('createevent.err.exists');

    // A copy and a template at once is a question the server does not guess the answer to.
    const both = await create(owner, {
      duplicateOf: source,
      template: sampleEventFile({ owner: 'elsewhere-owner', admin: 'elsewhere-admin' }),
    });
    expect(both.status).toBe(400);
    expect(errorOf(both)).toBe('error.validation');
    expect(await countRows(t.handle.db)).toEqual(before);
  });

  it('creates an event from a template file, without its teams or admins', async () => {
    const template = sampleEventFile({ owner: 'elsewhere-owner', admin: 'elsewhere-admin' });
    const res = await create(stranger, { template });
    expect(res.status).toBe(201);
    const copy = (
      await call<Sample>(t.app, 'GET', `/api/events/${res.body.id}/export`, { as: stranger })
    ).body;
    expectCopiedParts(copy);
    expect(copy.events.admins).toEqual({ [stranger.uid]: 'owner' });

    // Keeping the admins of a file whose people have no account here would plant rows for ids
    // nobody holds: refused, path by path, writing nothing.
    const before = await countRows(t.handle.db);
    const unknown = await create(stranger, { template, removePermissions: false });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toBe('eventfile.error.invalid');
    expect((unknown.body as unknown as ErrorBody).details).toEqual([
      { path: 'events.admins.elsewhere-owner', message: 'no account with this uid here' },
      { path: 'events.admins.elsewhere-admin', message: 'no account with this uid here' },
    ]);
    expect(await countRows(t.handle.db)).toEqual(before);

    const known = sampleEventFile({ owner: owner.uid, admin: admin.uid });
    const keep = await create(stranger, { template: known, removePermissions: false });
    const kept = (
      await call<Sample>(t.app, 'GET', `/api/events/${keep.body.id}/export`, { as: stranger })
    ).body;
    expect(kept.events.admins).toEqual({
      [stranger.uid]: 'owner',
      [owner.uid]: 'admin',
      [admin.uid]: 'admin',
    });
  });

  it('refuses a bad template with 400 createevent.badtemplate and writes nothing', async () => {
    const good = sampleEventFile();
    const { evdoc: _evdoc, ...noEvdoc } = good;
    const badTemplates: [string, unknown][] = [
      ['a string', JSON.stringify(good)],
      ['an array', [good]],
      ['null', null],
      ['no evdoc', noEvdoc],
      ['no name', { ...good, events: { ...good.events, name: undefined } }],
      ['kp not a map', { ...good, eventsdata: { ...good.eventsdata, kp: [1, 2] } }],
      ['teams not an object', { ...good, teams: 'none' }],
    ];
    const before = await countRows(t.handle.db);
    for (const [what, template] of badTemplates) {
      const shortlink = uniqueShortlink('tpl');
      const res = await create(owner, { template, shortlink });
      expect(res.status, what).toBe(400);
      expect(errorOf(res), what).toBe('createevent.badtemplate');
      expect((await call(t.app, 'GET', `/api/events/${shortlink}`)).status, what).toBe(404);
    }
    expect(await countRows(t.handle.db)).toEqual(before);

    const backwards = await create(owner, { template: good, starttime: 10, endtime: 5 });
    expect(errorOf(backwards)).toBe('starttime.error.noorbadtime');
    expect(await countRows(t.handle.db)).toEqual(before);
  });
});
