import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMapView, WmtsCapabilities } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { buildEvent, signUp, signUpCreator } from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { startMapServer } from '../test/mapServer.ts';
import type { MapServer } from '../test/mapServer.ts';

const natura = {
  type: 'wms',
  title: 'Natura 2000',
  private: true,
  conf: { url: 'https://gis.example.ee/wms', layers: 'natura', transparent: true },
};
const kaart = {
  type: 'maaamet',
  title: 'Põhikaart',
  conf: {
    url: 'https://tiles.example.ee/kaart/default/LEST/{TileMatrix}/{TileRow}/{TileCol}.png',
    layer: 'kaart',
    crs: 'EPSG:3301',
  },
};

describe.each(testDialects())('maps on $name', (dialect) => {
  let t: TestApp;
  let tiles: MapServer;
  let owner: TestUser;
  let stranger: TestUser;
  let eventId: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { mapFetchAllowPrivate: true });
    tiles = await startMapServer();
    owner = await signUpCreator(t);
    stranger = await signUp(t.app);
    eventId = (await buildEvent(t.app, owner)).id;
  });
  afterAll(async () => {
    await tiles.close();
    await t.close();
  });

  const mapOf = async (as: TestUser | null) => {
    const res = await call<EventMapView>(t.app, 'GET', `/api/events/${eventId}/map`, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('starts with OpenStreetMap; private layers reach only the event’s admins', async () => {
    expect((await mapOf(null)).map).toEqual({
      default: { type: 'osm', conf: {} },
      userlayers: [],
    });
    const set = await call(t.app, 'PATCH', `/api/events/${eventId}/settings`, {
      as: owner,
      body: {
        settings: {
          map: { default: kaart, userlayers: [kaart, natura] },
          eventbounds: { northEast: { lat: 58.5, lng: 26.9 }, southWest: { lat: 58.3, lng: 26.5 } },
          speedranges: [
            { s: 0, c: '#00aa00' },
            { s: 60, c: '#ff0000' },
          ],
        },
      },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    for (const who of [null, stranger]) {
      const view = await mapOf(who);
      expect(view.map.userlayers?.map((l) => l.title)).toEqual(['Põhikaart']);
      expect(JSON.stringify(view)).not.toContain('natura');
      expect(view.eventbounds?.northEast).toEqual({ lat: 58.5, lng: 26.9 });
      expect(view.speedranges).toHaveLength(2);
    }
    const admin = await mapOf(owner);
    expect(admin.map.userlayers?.map((l) => [l.title, l.private ?? false])).toEqual([
      ['Põhikaart', false],
      ['Natura 2000', true],
    ]);
  });

  it('refuses a map with an unknown layer type or a tile address that is not http(s)', async () => {
    const bad = await call(t.app, 'PATCH', `/api/events/${eventId}/settings`, {
      as: owner,
      body: {
        settings: {
          map: { userlayers: [{ ...kaart, conf: { ...kaart.conf, url: 'javascript:alert(1)' } }] },
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toBe('error.validation');
    expect((await mapOf(owner)).map.userlayers).toHaveLength(2);
  });

  it('reads a WMTS capabilities document for creators and admins, nobody else', async () => {
    const url = `${tiles.url}/wmts/capabilities.xml`;
    const path = `/api/maps/capabilities?url=${encodeURIComponent(url)}`;
    expect((await call(t.app, 'GET', path)).status).toBe(401);
    expect((await call(t.app, 'GET', path, { as: stranger })).status).toBe(403);
    const res = await call<WmtsCapabilities>(t.app, 'GET', path, { as: owner });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.layers.map((l) => l.identifier)).toEqual(['kaart', 'foto', 'hybriid']);
    expect(res.body.layers[0]!.conf).toMatchObject({
      capabilities: url,
      url: `${tiles.url}/wmts/kaart/default/LEST/{TileMatrix}/{TileRow}/{TileCol}.png`,
      crs: 'EPSG:3301',
    });
    const notWmts = await call(
      t.app,
      'GET',
      `/api/maps/capabilities?url=${encodeURIComponent(`${tiles.url}/tiles/0/0/0.png`)}`,
      { as: owner },
    );
    expect(errorOf(notWmts)).toBe('map.error.notwmts');
    const wms = await call(
      t.app,
      'GET',
      `/api/maps/capabilities?url=${encodeURIComponent(`${tiles.url}/wms?request=GetCapabilities`)}`,
      { as: owner },
    );
    expect(wms.status).toBe(422);
    expect(errorOf(wms)).toBe('map.error.notwmts');
    const missing = await call(
      t.app,
      'GET',
      `/api/maps/capabilities?url=${encodeURIComponent(`${tiles.url}/nothing`)}`,
      { as: owner },
    );
    expect(missing.status).toBe(502);
    expect(errorOf(missing)).toBe('map.error.fetch');
    const file = await call(t.app, 'GET', `/api/maps/capabilities?url=file:///etc/passwd`, {
      as: owner,
    });
    expect(errorOf(file)).toBe('map.error.url');
  });

  it('never fetches from this server’s own network unless configured to', async () => {
    // An app of its own, on SQLite (the address check does not depend on the database).
    const closed = await buildTestApp(testDialects()[0]!);
    try {
      const creator = await signUpCreator(closed);
      const direct = `${tiles.url}/wmts/capabilities.xml`;
      const res = await call(
        closed.app,
        'GET',
        `/api/maps/capabilities?url=${encodeURIComponent(direct)}`,
        { as: creator },
      );
      expect(errorOf(res)).toBe('map.error.address');
      const before = tiles.requests.length;
      const viaName = await call(
        closed.app,
        'GET',
        `/api/maps/capabilities?url=${encodeURIComponent(direct.replace('127.0.0.1', 'localhost'))}`,
        { as: creator },
      );
      expect(errorOf(viaName)).toBe('map.error.address');
      // Loopback however it is written: IPv4-mapped, -translated and -compatible IPv6, NAT64,
      // 6to4, decimal, hex, octal and short IPv4, the unspecified address.
      const port = new URL(tiles.url).port;
      for (const host of [
        '[::ffff:7f00:1]',
        '[0:0:0:0:0:ffff:127.0.0.1]',
        '[::ffff:0:127.0.0.1]',
        '[::127.0.0.1]',
        '[64:ff9b::127.0.0.1]',
        '[2002:7f00:1::]',
        '[::1]',
        '[::]',
        '2130706433',
        '0x7f000001',
        '017700000001',
        '127.1',
        '0.0.0.0',
      ]) {
        const url = `http://${host}:${port}/wmts/capabilities.xml`;
        const res = await call(
          closed.app,
          'GET',
          `/api/maps/capabilities?url=${encodeURIComponent(url)}`,
          { as: creator },
        );
        expect(errorOf(res), url).toBe('map.error.address');
      }
      expect(tiles.requests.length).toBe(before);
    } finally {
      await closed.close();
    }
  });
});
