import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSummary, WheelOfNamesAnswer, WheelView } from '@rada/core';
import { DEFAULT_WHEEL_OPTIONS } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import {
  addAdmin,
  buildEvent,
  importEvent,
  signUp,
  signUpCreator,
  uniqueShortlink,
} from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { wheelRepository } from './wheel.repository.ts';
import { WHEEL_LOG, wheelService } from './wheel.service.ts';
import { wheelOfNamesClient } from './wheelOfNames.client.ts';
import { startWheelOfNamesStandIn } from './wheelOfNamesStandIn.ts';

const KEY = 'test-wheel-key-123';

describe.each(testDialects())('the wheelofnames.com proxy on $name', (dialect) => {
  let standIn: Awaited<ReturnType<typeof startWheelOfNamesStandIn>>;
  let t: TestApp;
  let owner: TestUser;
  let helper: TestUser;
  let stranger: TestUser;
  let event: EventSummary;

  const wheelofnames = (body: unknown, as: TestUser | null = owner) =>
    call<WheelOfNamesAnswer>(t.app, 'POST', `/api/events/${event.id}/wheelofnames`, {
      as,
      body,
    });
  const view = async () =>
    (await call<WheelView>(t.app, 'GET', `/api/events/${event.id}/wheel`, { as: owner })).body;

  beforeAll(async () => {
    standIn = await startWheelOfNamesStandIn(KEY);
    t = await buildTestApp(dialect, { wheelOfNames: { apiKey: KEY, url: standIn.url } });
    owner = await signUpCreator(t);
    helper = await signUp(t.app);
    stranger = await signUp(t.app);
    event = await buildEvent(t.app, owner);
    await addAdmin(t.app, owner, event.id, helper.uid);
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      const res = await call(t.app, 'POST', `/api/events/${event.id}/teams`, {
        as: owner,
        body: { name },
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('refuses others before it asks the service', async () => {
    const asked = standIn.requests.length;
    expect((await wheelofnames({ request: 'getwheels' }, null)).status).toBe(401);
    expect((await wheelofnames({ request: 'getwheels' }, stranger)).status).toBe(403);
    expect((await wheelofnames({ request: 'create' }, stranger)).status).toBe(403);
    const bad = await wheelofnames({ request: 'spin' });
    expect([bad.status, errorOf(bad)]).toEqual([400, 'error.validation']);
    expect(standIn.requests.length).toBe(asked);
  });

  it('creates the wheel with the key and the entries, and tells when it stops matching', async () => {
    const none = await wheelofnames({ request: 'getwheels' }, helper);
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body).toEqual({ data: { wheels: [] } });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/v1/wheels',
      apiKey: KEY,
    });

    await call(t.app, 'PUT', `/api/events/${event.id}/wheel`, {
      as: owner,
      body: { ignored: ['Bravo'] },
    });
    const options = {
      ...DEFAULT_WHEEL_OPTIONS,
      title: 'Prizes',
      winnerMessage: 'Congratulations!',
    };
    const made = await wheelofnames({ request: 'create', config: options });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toEqual({ data: { path: 'wheel-1' } });
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      url: '/api/v1/wheels',
      apiKey: KEY,
      body: {
        shareMode: 'copyable',
        wheelConfig: { ...options, entries: [{ text: 'Alpha' }, { text: 'Charlie' }] },
      },
    });
    const after = await view();
    expect(after.options).toEqual(options);
    expect(after.external).toEqual({
      configured: true,
      path: 'wheel-1',
      url: `${new URL(standIn.url).origin}/wheel-1`,
      matches: true,
    });
    // The browser never gets the key.
    expect(JSON.stringify(after)).not.toContain(KEY);

    const own = await wheelofnames({ request: 'getwheels' });
    expect(own.body).toEqual({
      data: { wheels: [{ path: 'wheel-1', config: standIn.wheels.get('wheel-1') }] },
    });

    await call(t.app, 'PUT', `/api/events/${event.id}/wheel`, {
      as: owner,
      body: { ignored: [] },
    });
    expect((await view()).external.matches).toBe(false);
  });

  it('recreates: deletes the old wheel, then makes the new one', async () => {
    const asked = standIn.requests.length;
    const again = await wheelofnames({ request: 'create' }, helper);
    expect(again.body).toEqual({ data: { path: 'wheel-2' } });
    expect(standIn.requests.slice(asked).map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/v1/wheels/wheel-1',
      'POST /api/v1/wheels',
    ]);
    expect(standIn.requests.at(-1)?.body).toMatchObject({
      wheelConfig: { entries: [{ text: 'Alpha' }, { text: 'Bravo' }, { text: 'Charlie' }] },
    });
    expect([...standIn.wheels.keys()]).toEqual(['wheel-2']);
    expect((await view()).external).toMatchObject({ path: 'wheel-2', matches: true });

    // A copy of the event (its file imported under another id) does not own that wheel.
    const file = await call(t.app, 'GET', `/api/events/${event.id}/export`, { as: owner });
    const copy = uniqueShortlink('wheelcopy');
    await importEvent(t, file.body, copy);
    const copied = await call<WheelView>(t.app, 'GET', `/api/events/${copy}/wheel`, { as: owner });
    expect(copied.body.external).toMatchObject({ path: null, matches: false });
    expect(copied.body.ignored).toEqual([]);
    expect((await view()).external.path).toBe('wheel-2');
  });

  it('clears the stored id when the service no longer has the wheel', async () => {
    standIn.wheels.delete('wheel-2');
    const listed = await wheelofnames({ request: 'getwheels' });
    expect(listed.body).toEqual({ data: { wheels: [] } });
    expect((await view()).external).toMatchObject({ path: null, url: null, matches: false });
  });

  it("deletes only the event's own wheel", async () => {
    const made = await wheelofnames({ request: 'create' });
    const path = (made.body as { data: { path: string } }).data.path;
    standIn.wheels.set('someone-else', { title: 'Not ours' });
    const other = await wheelofnames({ request: 'delete', path: 'someone-else' });
    expect([other.status, errorOf(other)]).toEqual([404, 'error.notfound']);
    expect(standIn.wheels.has('someone-else')).toBe(true);
    // Other wheels of the account are not listed to this event's admins.
    const listed = await wheelofnames({ request: 'getwheels' });
    expect((listed.body as { data: { wheels: { path: string }[] } }).data.wheels).toEqual([
      { path, config: standIn.wheels.get(path) },
    ]);
    const gone = await wheelofnames({ request: 'delete', path });
    expect(gone.body).toEqual({ data: { path } });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'DELETE', apiKey: KEY });
    expect(standIn.wheels.has(path)).toBe(false);
    expect((await view()).external.path).toBeNull();
  });

  it('answers a translated error and logs it when the service fails or talks nonsense', async () => {
    const logged: string[] = [];
    const service = wheelService({
      store: t.store,
      wheels: wheelRepository(t.handle.db),
      now: () => t.clock.t,
      external: wheelOfNamesClient(standIn.url, KEY),
      externalSite: 'https://wheelofnames.example',
      log: (_obj, msg) => logged.push(msg),
    });
    const actor = {
      uid: owner.uid,
      email: owner.email,
      superAdmin: false,
      platformOwner: false,
      creator: true,
    };
    try {
      standIn.setMode('fail');
      const failed = await wheelofnames({ request: 'create' });
      expect([failed.status, errorOf(failed)]).toEqual([502, 'wheel.error.failed']);
      await expect(
        service.externalRequest(actor, event.id, { request: 'create' }),
      ).rejects.toMatchObject({ key: 'wheel.error.failed', status: 502 });
      expect(logged).toEqual([WHEEL_LOG.failed]);
      expect(WHEEL_LOG.failed).toBe('Wheel request failed');

      standIn.setMode('garbage');
      const garbage = await wheelofnames({ request: 'getwheels' });
      expect([garbage.status, errorOf(garbage)]).toEqual([502, 'wheel.error.badresponse']);
      await expect(
        service.externalRequest(actor, event.id, { request: 'getwheels' }),
      ).rejects.toMatchObject({ key: 'wheel.error.badresponse' });
      expect(logged).toEqual([WHEEL_LOG.failed, 'Bad response from server']);
    } finally {
      standIn.setMode('ok');
    }
    // A wrong key is the service refusing: a failed request, not a stored wheel.
    const wrongKey = wheelService({
      store: t.store,
      wheels: wheelRepository(t.handle.db),
      now: () => t.clock.t,
      external: wheelOfNamesClient(standIn.url, 'wrong-key'),
      externalSite: 'https://wheelofnames.example',
      log: (_obj, msg) => logged.push(msg),
    });
    await expect(
      wrongKey.externalRequest(actor, event.id, { request: 'create' }),
    ).rejects.toMatchObject({ key: 'wheel.error.failed' });
    expect((await view()).external.path).toBeNull();
  });
});
