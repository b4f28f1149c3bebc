import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAP_IMAGES_PER_EVENT, TILE_GRID_DEFS, eventTopic, gridPixel, TILE_SIZE } from '@rada/core';
import type {
  EventMapImageView,
  EventMapView,
  LibraryMapView,
  MapPlacement,
  ServerMessage,
  TileGrid,
} from '@rada/core';
import { pixelToLatLng, toCrs } from '@rada/core/mapImages';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, buildTestAppOn, call, errorOf } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import {
  addAdmin,
  buildEvent,
  signUp,
  signUpCreator,
  signUpProven,
  uniqueEmail,
} from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { gridExtent } from './tileRange.ts';
import { TARTU, kmz, mapImage, overlay } from './testImages.ts';

/**
 * The map images API (docs/api.md, Map images) through HTTP on every dialect: who may upload,
 * change, see and fetch what; the tiles cut by the real cutter (a child process); refused files
 * storing nothing; the library; removal of files when nothing uses them.
 */
/** Tests that wait for cuts (a child process each, seconds on a loaded machine). */
const CUT_TEST_MS = 180_000;

describe.each(testDialects())('map images on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let member: TestUser;
  let otherAdmin: TestUser;
  let boss: TestUser;
  let eventId: string;
  let otherEventId: string;
  let png: Buffer;
  const bossEmail = uniqueEmail('boss');
  const messages: ServerMessage[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      superAdminEmails: [bossEmail],
      logLevel: process.env.MAPLOG ?? 'silent',
    });
    owner = await signUpCreator(t);
    admin = await signUp(t.app);
    stranger = await signUp(t.app);
    member = await signUp(t.app);
    otherAdmin = await signUpCreator(t);
    boss = await signUpProven(t, bossEmail);
    eventId = (await buildEvent(t.app, owner)).id;
    otherEventId = (await buildEvent(t.app, otherAdmin)).id;
    await addAdmin(t.app, owner, eventId, admin.uid);
    const team = await call<{ id: string }>(t.app, 'POST', `/api/events/${eventId}/teams`, {
      as: owner,
      body: { name: 'Alpha' },
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    await t.store.members.add({
      event_id: eventId,
      team_id: team.body.id,
      user_id: member.uid,
      joined_at: 1,
      via: 'code',
    });
    png = await mapImage(1200, 900);
    t.bus.subscribe(eventTopic(eventId), (m) => messages.push(m));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(t.config.mapsDir, { recursive: true, force: true });
  });

  const cookieOf = (as: Caller): Record<string, string> =>
    as && 'cookie' in as ? { cookie: as.cookie } : {};

  async function upload(
    as: Caller,
    body: Buffer,
    { event = eventId, type = 'image/png', name = 'Forest' } = {},
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event}/maps?name=${encodeURIComponent(name)}`,
      headers: { ...cookieOf(as), 'content-type': type },
      payload: body,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as EventMapImageView };
  }

  const list = async (as: Caller, event = eventId) => {
    const res = await call<EventMapImageView[]>(t.app, 'GET', `/api/events/${event}/maps`, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  const patch = (as: Caller, mapId: string, body: unknown, event = eventId) =>
    call<EventMapImageView>(t.app, 'PATCH', `/api/events/${event}/maps/${mapId}`, { as, body });

  /** The map once its cut has ended (the real cutter, in a child process). */
  async function cutOf(mapId: string, event = eventId): Promise<EventMapImageView> {
    for (let i = 0; i < 600; i++) {
      const map = (await list(owner, event)).find((m) => m.id === mapId)!;
      if (map.state !== 'cutting') return map;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the cut did not end');
  }

  const tile = async (as: Caller, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: cookieOf(as) });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  };

  /** The tile (z, x, y) of `grid` holding image pixel (u, v) of a placed map. */
  function tileAt(p: MapPlacement, grid: TileGrid, z: number, u: number, v: number) {
    const def = TILE_GRID_DEFS[grid];
    const [x, y] = toCrs(def.crs, pixelToLatLng(p, u, v));
    const [px, py] = gridPixel(def, z, x, y);
    return { z, x: Math.floor(px / TILE_SIZE), y: Math.floor(py / TILE_SIZE) };
  }
  const tileUrl = (
    map: EventMapImageView,
    grid: TileGrid,
    c: { z: number; x: number; y: number },
  ) =>
    map
      .tiles!.url.replace('{grid}', grid)
      .replace('{z}', String(c.z))
      .replace('{x}', String(c.x))
      .replace('{y}', String(c.y));

  const filesIn = async (dir: string): Promise<string[]> =>
    (await fs.readdir(dir, { recursive: true }).catch(() => [] as string[])).map(String);
  const tmpFiles = () => filesIn(path.join(t.config.mapsDir, '.tmp'));
  const mapRows = async () =>
    (await t.handle.db.selectFrom('map_images').select('id').execute()).map((r) => r.id);

  it('takes an upload from the event’s admins only; others are refused and nothing is kept', async () => {
    const before = await mapRows();
    const refused: [Caller, number][] = [
      [null, 401],
      [stranger, 403],
      [member, 403],
      [otherAdmin, 403],
    ];
    for (const [as, status] of refused) {
      expect((await upload(as, png)).status).toBe(status);
    }
    expect(await mapRows()).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
    const byAdmin = await upload(admin, png, { name: 'Forest 1:10 000' });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect(byAdmin.body).toMatchObject({
      name: 'Forest 1:10 000',
      width: 1200,
      height: 900,
      format: 'png',
      bytes: png.length,
      placement: null,
      corners: null,
      state: 'unplaced',
      tiles: null,
      published: false,
      publicFrom: null,
      inLibrary: false,
    });
    const byBoss = await upload(boss, png);
    expect(byBoss.status).toBe(201);
    expect(byBoss.body.position).toBeGreaterThan(byAdmin.body.position);
    const stored = path.join(t.config.mapsDir, byAdmin.body.id, 'original.png');
    expect(await fs.readFile(stored)).toEqual(png);
    expect(await tmpFiles()).toEqual([]);
    expect(messages.some((m) => m.type === 'event.changed' && m.what.includes('maps'))).toBe(true);
    // Unpublished: the admins see it, nobody else (nor in GET …/map).
    for (const as of [owner, admin, boss]) {
      expect((await list(as)).map((m) => m.id)).toContain(byAdmin.body.id);
    }
    for (const as of [null, stranger, member, otherAdmin]) {
      expect(await list(as)).toEqual([]);
      const view = await call<EventMapView>(t.app, 'GET', `/api/events/${eventId}/map`, { as });
      expect(view.body.images).toEqual([]);
    }
    const adminView = await call<EventMapView>(t.app, 'GET', `/api/events/${eventId}/map`, {
      as: admin,
    });
    expect(adminView.body.images.map((m) => m.id)).toContain(byAdmin.body.id);
  });

  it('refuses a bad file, a file over the limits, a JSON body, storing nothing', async () => {
    const before = await mapRows();
    const cases: [Buffer, string, string][] = [
      [Buffer.from('not an image at all'), 'application/octet-stream', 'maps.error.badfile'],
      [png.subarray(0, 2000), 'image/png', 'maps.error.badfile'],
      [
        kmz(
          [overlay('files/none.jpg', { north: 58.39, south: 58.38, east: 26.74, west: 26.72 })],
          {},
        ),
        'application/vnd.google-earth.kmz',
        'maps.error.nooverlay',
      ],
    ];
    for (const [body, type, key] of cases) {
      const res = await upload(owner, body, { type });
      expect([res.status, (res.body as unknown as { error: string }).error]).toEqual([400, key]);
    }
    const json = await call(t.app, 'POST', `/api/events/${eventId}/maps?name=x`, {
      as: owner,
      body: { path: '/etc/passwd', bytes: 1, sha256: 'x' },
    });
    expect([json.status, errorOf(json)]).toEqual([415, 'error.mediatype']);
    const text = await upload(owner, png, { type: 'text/plain' });
    expect(text.status).toBe(415);
    const noName = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/maps`,
      headers: { cookie: owner.cookie, 'content-type': 'image/png' },
      payload: png,
    });
    expect(noName.statusCode).toBe(400);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/maps?name=x`,
      headers: {
        cookie: owner.cookie,
        'content-type': 'image/png',
        'content-length': String(400 * 1024 * 1024),
      },
      payload: png,
    });
    expect(tooLong.statusCode).toBe(413);
    expect(await mapRows()).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
  });

  it(
    'places a map (a new version, cut into tiles), publishes it, serves its tiles to whom it may',
    async () => {
      const up = await upload(owner, png, { name: 'Tartu' });
      const mapId = up.body.id;
      // Publishing before it is placed is refused.
      const early = await patch(owner, mapId, { published: true });
      expect([early.status, errorOf(early)]).toEqual([409, 'maps.error.notplaced']);
      for (const [as, status] of [
        [null, 401],
        [stranger, 403],
        [member, 403],
        [otherAdmin, 403],
      ] as const) {
        expect((await patch(as, mapId, { placement: TARTU })).status).toBe(status);
      }
      const bad = await patch(owner, mapId, { placement: { ...TARTU, crs: 'EPSG:99999' } });
      expect([bad.status, errorOf(bad)]).toEqual([400, 'maps.error.unknowncrs']);
      const placed = await patch(admin, mapId, { placement: TARTU });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body.state).toBe('cutting');
      expect(placed.body.corners![0].lat).toBeCloseTo(58.37, 1);
      const map = await cutOf(mapId);
      expect(map.state, JSON.stringify(map)).toBe('ready');
      // Near Tartu, in Estonia: both grids.
      expect(Object.keys(map.tiles!.grids).sort()).toEqual(['3301', '3857']);
      expect(map.tiles!.url).toBe(
        `/api/events/${eventId}/maps/${mapId}/tiles/2/{grid}/{z}/{x}/{y}.webp`,
      );
      for (const grid of ['3857', '3301'] as const) {
        const set = map.tiles!.grids[grid]!;
        const at = tileAt(TARTU, grid, set.maxZoom, 100, 80);
        const url = tileUrl(map, grid, at);
        // Not published: admins (private caching), nobody else (404, not 403).
        const mine = await tile(owner, url);
        expect(mine.status).toBe(200);
        expect(mine.headers['content-type']).toBe('image/webp');
        expect(mine.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        const meta = await sharp(mine.body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
        for (const as of [null, stranger, member]) expect((await tile(as, url)).status).toBe(404);
        // Another version's address is not served.
        expect((await tile(owner, url.replace('/tiles/2/', '/tiles/1/'))).status).toBe(404);
      }
      // Publish from a time to come: still hidden until then.
      const later = t.clock.t + 3_600_000;
      const pub = await patch(owner, mapId, { published: true, publicFrom: later });
      expect(pub.body).toMatchObject({ published: true, publicFrom: later });
      const set = map.tiles!.grids['3857']!;
      const url = tileUrl(map, '3857', tileAt(TARTU, '3857', set.maxZoom, 100, 80));
      expect(await list(member)).toEqual([]);
      expect((await tile(member, url)).status).toBe(404);
      // The event's map tells a reader when to look again, and nothing more of the map.
      const before = await call<EventMapView>(t.app, 'GET', `/api/events/${eventId}/map`);
      expect([before.body.images, before.body.imagesChangeAt]).toEqual([[], later]);
      const mine = await call<EventMapView>(t.app, 'GET', `/api/events/${eventId}/map`, {
        as: owner,
      });
      expect(mine.body.imagesChangeAt).toBeNull();
      t.clock.t = later;
      expect((await list(member)).map((m) => m.id)).toEqual([mapId]);
      const open = await tile(null, url);
      expect(open.status).toBe(200);
      expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A tile just beside the map, in its range but with nothing on it: the shared empty tile;
      // far away: 404.
      const extent = gridExtent(TARTU, 1200, 900, '3857')!;
      const def = TILE_GRID_DEFS['3857'];
      const span = (def.res0 / 2 ** set.maxZoom) * TILE_SIZE;
      const east = Math.floor((extent[2] - def.originX) / span) + 1;
      const row = tileAt(TARTU, '3857', set.maxZoom, 600, 450).y;
      const beside = await tile(null, tileUrl(map, '3857', { z: set.maxZoom, x: east, y: row }));
      expect(beside.status).toBe(200);
      const empty = await sharp(beside.body).ensureAlpha().raw().toBuffer();
      expect(empty.every((b, i) => i % 4 !== 3 || b === 0)).toBe(true);
      const far = await tile(null, tileUrl(map, '3857', { z: set.maxZoom, x: east + 50, y: row }));
      expect(far.status).toBe(404);
      expect(
        (await tile(null, tileUrl(map, '3857', { z: set.maxZoom + 1, x: east, y: row }))).status,
      ).toBe(404);
      // A new placement: a new version and cut; the old version's tiles go.
      const moved = await patch(owner, mapId, {
        placement: { ...TARTU, h: [1, 0, 659100, 0, -1, 6474000, 0, 0, 1] },
      });
      expect(moved.body.state).toBe('cutting');
      const recut = await cutOf(mapId);
      expect(recut.tiles!.url).toContain('/tiles/3/');
      expect(await fs.readdir(path.join(t.config.mapsDir, mapId))).not.toContain('v2');
      expect((await tile(null, url)).status).toBe(404);
      // The log has the admins' changes.
      const log = await t.handle.db
        .selectFrom('audit_log')
        .select('action')
        .where('event_id', '=', eventId)
        .where('path', '=', `maps/${mapId}`)
        .execute();
      expect(log.map((r) => r.action).sort()).toEqual([
        'event.map.add',
        'event.map.place',
        'event.map.place',
        'event.map.publish',
      ]);
    },
    CUT_TEST_MS,
  );

  it(
    'reads a KMZ into a placed map that is cut at once',
    async () => {
      const jpeg = await mapImage(800, 600, 'jpeg');
      const res = await upload(
        owner,
        kmz(
          [
            overlay('files/tile_0_0.jpg', {
              north: 58.39,
              south: 58.38,
              east: 26.74,
              west: 26.72,
              rotation: 8,
            }),
          ],
          {
            'files/tile_0_0.jpg': jpeg,
          },
        ),
        { type: 'application/vnd.google-earth.kmz', name: 'OCAD' },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ format: 'jpeg', width: 800, height: 600, state: 'cutting' });
      expect(res.body.placement?.source).toBe('kml');
      expect((await cutOf(res.body.id)).state).toBe('ready');
    },
    CUT_TEST_MS,
  );

  it('gives the admins the image scaled for placing it by hand', async () => {
    const up = await upload(owner, png);
    const url = `/api/events/${eventId}/maps/${up.body.id}/image?width=700`;
    for (const [as, status] of [
      [null, 401],
      [stranger, 403],
      [member, 403],
    ] as const) {
      expect((await tile(as, url)).status).toBe(status);
    }
    const res = await tile(admin, url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.body).metadata();
    expect([meta.width, meta.height]).toEqual([512, 384]);
    // Never wider than the image.
    const whole = await tile(admin, url.replace('700', '4096'));
    expect((await sharp(whole.body).metadata()).width).toBe(1200);
    expect((await tile(admin, url.replace('700', '5000'))).status).toBe(400);
  });

  it(
    'keeps a map in its uploader’s library, for another event; files go when nothing uses it',
    async () => {
      const up = await upload(owner, png, { name: 'Library map' });
      const mapId = up.body.id;
      await patch(owner, mapId, { placement: TARTU });
      await cutOf(mapId);
      // Only its owner puts it in their library.
      expect((await patch(admin, mapId, { inLibrary: true })).status).toBe(403);
      expect((await patch(owner, mapId, { inLibrary: true })).body.inLibrary).toBe(true);
      const library = await call<LibraryMapView[]>(t.app, 'GET', '/api/maps/library', {
        as: owner,
      });
      expect(library.body.map((m) => [m.id, m.events])).toEqual([[mapId, 1]]);
      expect((await call(t.app, 'GET', '/api/maps/library', { as: null })).status).toBe(401);
      expect(
        (await call<unknown[]>(t.app, 'GET', '/api/maps/library', { as: admin })).body,
      ).toEqual([]);
      // Into another event: by its admin who keeps the map; nobody else's library.
      const second = (await buildEvent(t.app, owner)).id;
      const add = (as: Caller) =>
        call<EventMapImageView>(t.app, 'POST', `/api/events/${second}/maps/library`, {
          as,
          body: { mapId },
        });
      expect((await add(stranger)).status).toBe(403);
      await addAdmin(t.app, owner, second, admin.uid);
      expect((await add(admin)).status).toBe(404);
      const added = await add(owner);
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ id: mapId, state: 'ready', published: false });
      expect((await add(owner)).status).toBe(200);
      expect((await list(owner, second)).map((m) => m.id)).toEqual([mapId]);
      // Out of the first event, out of the library: the second event still shows it.
      const del = await call(t.app, 'DELETE', `/api/events/${eventId}/maps/${mapId}`, {
        as: stranger,
      });
      expect(del.status).toBe(403);
      expect(
        (await call(t.app, 'DELETE', `/api/events/${eventId}/maps/${mapId}`, { as: admin })).status,
      ).toBe(204);
      expect(
        (await call(t.app, 'DELETE', `/api/maps/library/${mapId}`, { as: admin })).status,
      ).toBe(404);
      expect(
        (await call(t.app, 'DELETE', `/api/maps/library/${mapId}`, { as: owner })).status,
      ).toBe(204);
      expect(await mapRows()).toContain(mapId);
      expect(await filesIn(path.join(t.config.mapsDir, mapId))).toContain('original.png');
      // Deleting the second event takes its links, and the map's rows and files with it.
      const gone = await call(t.app, 'DELETE', `/api/events/${second}`, { as: owner });
      expect(gone.status).toBe(204);
      expect(await mapRows()).not.toContain(mapId);
      await expect(fs.stat(path.join(t.config.mapsDir, mapId))).rejects.toThrow();
    },
    CUT_TEST_MS,
  );

  it('refuses every change of an archived event’s maps, storing nothing', async () => {
    const small = await mapImage(64, 48);
    const event = (await buildEvent(t.app, owner)).id;
    const kept = await upload(owner, small, { event });
    expect(kept.status).toBe(201);
    await t.handle.db.updateTable('events').set({ arch: 'a1' }).where('id', '=', event).execute();
    const before = await mapRows();
    const archived = (answer: { status: number; body: unknown }) =>
      expect([answer.status, (answer.body as { error?: string }).error]).toEqual([
        409,
        'maps.error.archived',
      ]);
    archived(await upload(owner, small, { event }));
    archived(await patch(owner, kept.body.id, { name: 'Renamed' }, event));
    archived(
      await call(t.app, 'DELETE', `/api/events/${event}/maps/${kept.body.id}`, { as: owner }),
    );
    expect(await mapRows()).toEqual(before);
    expect((await list(owner, event)).map((m) => m.name)).toEqual([kept.body.name]);
    expect(await tmpFiles()).toEqual([]);
  });

  it('moves a map to its new place among the event’s maps, the others keeping their order', async () => {
    const small = await mapImage(64, 48);
    const event = (await buildEvent(t.app, owner)).id;
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C', 'D']) {
      const up = await upload(owner, small, { event, name });
      expect(up.status).toBe(201);
      ids.push(up.body.id);
    }
    const names = async () => (await list(owner, event)).map((m) => m.name);
    const move = async (name: string, position: number, as: Caller = owner) =>
      (await patch(as, ids['ABCD'.indexOf(name)]!, { position }, event)).status;
    expect(await move('D', 0)).toBe(200);
    expect(await names()).toEqual(['D', 'A', 'B', 'C']);
    expect(await move('A', 2)).toBe(200);
    expect(await names()).toEqual(['D', 'B', 'A', 'C']);
    // Past the end: last. The positions stay 0, 1, 2… whatever was asked.
    expect(await move('D', 1000)).toBe(200);
    expect(await names()).toEqual(['B', 'A', 'C', 'D']);
    expect((await list(owner, event)).map((m) => m.position)).toEqual([0, 1, 2, 3]);
    // Only the event's admins move its maps.
    for (const as of [null, stranger, member, otherAdmin]) {
      expect(await move('C', 0, as)).toBeGreaterThanOrEqual(401);
    }
    expect(await names()).toEqual(['B', 'A', 'C', 'D']);
  });

  it('holds at most MAP_IMAGES_PER_EVENT maps an event', async () => {
    const small = await mapImage(64, 48);
    const event = (await buildEvent(t.app, owner)).id;
    for (let i = 0; i < MAP_IMAGES_PER_EVENT; i++) {
      expect((await upload(owner, small, { event })).status).toBe(201);
    }
    const over = await upload(owner, small, { event });
    expect([over.status, (over.body as unknown as { error: string }).error]).toEqual([
      409,
      'maps.error.toomany',
    ]);
    expect(await tmpFiles()).toEqual([]);
  });

  it(
    'answers every route by the caller’s role',
    async () => {
      const roles: [string, Caller][] = [
        ['anonymous', null],
        ['user', stranger],
        ['member', member],
        ['admin', admin],
        ['other event admin', otherAdmin],
        ['super admin', boss],
      ];
      const small = await mapImage(64, 48);
      const fresh = async () => (await upload(owner, small)).body.id;
      const hidden = await fresh();
      await patch(owner, hidden, { placement: TARTU });
      const open = await fresh();
      await patch(owner, open, { placement: TARTU, published: true });
      const [hiddenMap, openMap] = [await cutOf(hidden), await cutOf(open)];
      const firstTile = (map: EventMapImageView) => {
        const set = map.tiles!.grids['3857']!;
        return tileUrl(map, '3857', tileAt(TARTU, '3857', set.maxZoom, 32, 24));
      };
      const kept = await fresh();
      await patch(owner, kept, { inLibrary: true });
      const cases: [string, number[], (as: Caller) => Promise<number>][] = [
        [
          'list',
          [200, 200, 200, 200, 200, 200],
          async (as) => (await call(t.app, 'GET', `/api/events/${eventId}/maps`, { as })).status,
        ],
        ['upload', [401, 403, 403, 201, 403, 201], async (as) => (await upload(as, small)).status],
        [
          'patch',
          [401, 403, 403, 200, 403, 200],
          async (as) => (await patch(as, open, { name: 'Open map' })).status,
        ],
        [
          'delete',
          [401, 403, 403, 204, 403, 204],
          async (as) =>
            (await call(t.app, 'DELETE', `/api/events/${eventId}/maps/${await fresh()}`, { as }))
              .status,
        ],
        [
          'image',
          [401, 403, 403, 200, 403, 200],
          async (as) =>
            (await tile(as, `/api/events/${eventId}/maps/${open}/image?width=64`)).status,
        ],
        [
          'hidden tile',
          [404, 404, 404, 200, 404, 200],
          async (as) => (await tile(as, firstTile(hiddenMap))).status,
        ],
        [
          'open tile',
          [200, 200, 200, 200, 200, 200],
          async (as) => (await tile(as, firstTile(openMap))).status,
        ],
        [
          'library',
          [401, 200, 200, 200, 200, 200],
          async (as) => (await call(t.app, 'GET', '/api/maps/library', { as })).status,
        ],
        [
          'from library',
          [401, 403, 403, 404, 403, 404],
          async (as) =>
            (
              await call(t.app, 'POST', `/api/events/${eventId}/maps/library`, {
                as,
                body: { mapId: kept },
              })
            ).status,
        ],
        [
          'out of library',
          [401, 404, 404, 404, 404, 404],
          async (as) => (await call(t.app, 'DELETE', `/api/maps/library/${kept}`, { as })).status,
        ],
      ];
      for (const [name, expected, run] of cases) {
        const got: number[] = [];
        for (const [, as] of roles) got.push(await run(as));
        expect([name, got]).toEqual([name, expected]);
      }
      // The unpublished map is in the list of the admins only.
      for (const [role, as] of roles) {
        const ids = (await list(as)).map((m) => m.id);
        expect([role, ids.includes(hidden)]).toEqual([
          role,
          role === 'admin' || role === 'super admin',
        ]);
        expect([role, ids.includes(open)]).toEqual([role, true]);
      }
    },
    CUT_TEST_MS,
  );

  it(
    'marks a map whose cut fails, and says so to the event’s pages',
    async () => {
      const up = await upload(owner, png);
      // The kept file spoilt after the upload: the cutter cannot read it.
      await fs.writeFile(path.join(t.config.mapsDir, up.body.id, 'original.png'), 'spoilt');
      messages.length = 0;
      await patch(owner, up.body.id, { placement: TARTU });
      const map = await cutOf(up.body.id);
      expect([map.state, map.error, map.tiles, map.progress]).toEqual([
        'failed',
        'maps.error.cut',
        null,
        null,
      ]);
      const told = messages.filter((m) => m.type === 'event.changed' && m.what.includes('maps'));
      expect(told.length).toBeGreaterThanOrEqual(2);
      expect(await fs.readdir(path.join(t.config.mapsDir, up.body.id))).toEqual(['original.png']);
    },
    CUT_TEST_MS,
  );

  it(
    'cuts again at start what a stopped server left mid-cut',
    async () => {
      const up = await upload(owner, await mapImage(300, 200), { event: otherEventId });
      expect(up.status).toBe(403);
      const mine = await upload(otherAdmin, await mapImage(300, 200), { event: otherEventId });
      await t.store.mapImages.updateMap(mine.body.id, {
        placement: JSON.stringify(TARTU),
        state: 'cutting',
        version: 5,
      });
      const second = await buildTestAppOn(t.handle, { mapsDir: t.config.mapsDir });
      try {
        for (let i = 0; i < 600; i++) {
          const row = await t.store.mapImages.find(mine.body.id);
          if (row?.state !== 'cutting') break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const row = await t.store.mapImages.find(mine.body.id);
        expect(row?.state).toBe('ready');
        expect(await fs.readdir(path.join(t.config.mapsDir, mine.body.id))).toContain('v5');
      } finally {
        await second.app.close();
      }
    },
    CUT_TEST_MS,
  );
});
