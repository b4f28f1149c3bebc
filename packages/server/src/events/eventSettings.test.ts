import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, EventSettingsView, EventSummary } from '@rada/core';
import { DEFAULT_MARKING_DISTANCE_M } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { buildEvent, signUpCreator } from '../test/factories.ts';

interface Exported {
  events: { data: Record<string, unknown> };
  eventsdata: { data: Record<string, unknown> };
  evdoc: { speed: Record<string, number> };
}

describe.each(testDialects())('event settings on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
  });
  afterAll(() => t.close());

  const patch = (id: string, body: unknown) =>
    call<EventSettingsView & ErrorBody>(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body,
    });
  const read = async (id: string) =>
    (await call<EventSettingsView>(t.app, 'GET', `/api/events/${id}/settings`, { as: owner })).body;
  const exported = async (id: string) =>
    (await call<Exported>(t.app, 'GET', `/api/events/${id}/export`, { as: owner })).body;

  it('stores values of every kind and answers the new view', async () => {
    const event = await buildEvent(t.app, owner);
    const values = {
      type: 'paevak',
      kpsinweb: true,
      maxmarkingdistance: 75,
      rakoef: [null, 10, 20],
      appmessage: 'Tere tulemast!\nWelcome!',
      startloc: { lat: 58.38, lng: 26.72 },
      orderrules: ['dsq', 'points'],
      massstarttimems: 1767261600000,
      eventbounds: { northEast: { lat: 58.5, lng: 26.9 }, southWest: { lat: 58.2, lng: 26.5 } },
      ajad: { '1': { from: 0, to: 3600000 } },
    };
    const res = await patch(event.id, { settings: values });
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({ ...values });
    expect(await read(event.id)).toEqual(res.body);
    // The type shows in the event everywhere.
    expect(res.body.event.type).toBe('paevak');
    expect((await call<EventSummary>(t.app, 'GET', `/api/events/${event.id}`)).body.type).toBe(
      'paevak',
    );
  });

  it('clears a value with null and leaves the others alone', async () => {
    const event = await buildEvent(t.app, owner);
    await patch(event.id, { settings: { appmessage: 'Hi', hidetracks: true } });
    const res = await patch(event.id, { settings: { appmessage: null } });
    expect(res.status).toBe(200);
    expect(res.body.settings).not.toHaveProperty('appmessage');
    expect(res.body.settings).toMatchObject({ hidetracks: true, type: 'valik' });
    expect(await read(event.id)).not.toHaveProperty('settings.appmessage');
  });

  it('refuses unknown keys and wrong types with details, writing nothing', async () => {
    const event = await buildEvent(t.app, owner);
    const before = await read(event.id);

    const unknown = await patch(event.id, { settings: { kpsinweb: true, nosuchsetting: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('error.validation');
    expect(unknown.body.details).toEqual([
      { path: 'nosuchsetting', message: 'settings.error.unknownkey' },
    ]);

    const wrongType = await patch(event.id, {
      settings: {
        kpsinweb: 'yes',
        type: 'marathon',
        startloc: { lat: 200, lng: 0 },
        appmessage: 'fine',
      },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toBe('error.validation');
    expect(wrongType.body.details?.map((d) => d.path).sort()).toEqual([
      'kpsinweb',
      'startloc',
      'type',
    ]);

    const unknownPart = await patch(event.id, { colors: {} });
    expect(unknownPart.status).toBe(400);

    expect(await read(event.id)).toEqual(before);
  });

  it('changes, clears and validates the speed settings of the event document', async () => {
    const event = await buildEvent(t.app, owner);
    const res = await patch(event.id, { speed: { limit: 110, delay2: null } });
    expect(res.status).toBe(200);
    expect(res.body.speed).toEqual({ limit: 110, over1: 2, delay1: 10, over2: 10 });
    expect((await exported(event.id)).evdoc.speed).toEqual(res.body.speed);

    for (const speed of [{ limit: -1 }, { limit: 'fast' }, { topspeed: 5 }]) {
      const bad = await patch(event.id, { speed });
      expect(bad.status, JSON.stringify(speed)).toBe(400);
      expect(bad.body.error).toBe('error.validation');
    }
    expect((await read(event.id)).speed).toEqual(res.body.speed);
  });

  it('mirrors kpsinweb and maxmarkingdistance into the event record', async () => {
    const event = await buildEvent(t.app, owner);
    // A fresh event's marking distance is its type's default (limits.ts), in both places.
    expect((await exported(event.id)).events.data).toEqual({
      kpsinweb: false,
      maxmarkingdistance: DEFAULT_MARKING_DISTANCE_M.valik,
    });

    await patch(event.id, {
      settings: { kpsinweb: true, maxmarkingdistance: 40, hidetracks: true },
    });
    let file = await exported(event.id);
    expect(file.events.data).toEqual({ kpsinweb: true, maxmarkingdistance: 40 });
    expect(file.eventsdata.data).toMatchObject({
      kpsinweb: true,
      maxmarkingdistance: 40,
      hidetracks: true,
    });

    await patch(event.id, { settings: { kpsinweb: null } });
    file = await exported(event.id);
    expect(file.events.data).toEqual({ maxmarkingdistance: 40 });
    expect(file.eventsdata.data).not.toHaveProperty('kpsinweb');
  });
});
