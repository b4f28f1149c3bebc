import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { TILE_GRID_DEFS, TILE_SIZE, gridPixel } from '@rada/core';
import type { EventMapImageView, MapPlacement } from '@rada/core';
import { pixelToLatLng, toCrs } from '@rada/core/mapImages';
import { call } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import { TARTU } from './testImages.ts';

/**
 * Small steps of the map image tests of the event file and the archives (mapTransfer.ts): an
 * upload placed and cut, the tiles it serves, what MAPS_DIR holds.
 */

const cookieOf = (as: Caller): Record<string, string> =>
  as && 'cookie' in as ? { cookie: as.cookie } : {};

/** The event's map images as `as` lists them. */
export async function mapsOf(
  t: Pick<TestApp, 'app'>,
  as: Caller,
  eventId: string,
): Promise<EventMapImageView[]> {
  const res = await call<EventMapImageView[]>(t.app, 'GET', `/api/events/${eventId}/maps`, { as });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Uploads an image to the event as `as`; 201 expected. */
export async function uploadMap(
  t: Pick<TestApp, 'app'>,
  as: Caller,
  eventId: string,
  image: Buffer,
  name: string,
  type = 'image/png',
): Promise<EventMapImageView> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/maps?name=${encodeURIComponent(name)}`,
    headers: { ...cookieOf(as), 'content-type': type },
    payload: image,
  });
  expect(res.statusCode, res.body).toBe(201);
  return JSON.parse(res.body) as EventMapImageView;
}

/** Changes a map image of the event (EventMapPatch); 200 expected. */
export async function patchMap(
  t: Pick<TestApp, 'app'>,
  as: Caller,
  eventId: string,
  mapId: string,
  body: unknown,
): Promise<EventMapImageView> {
  const res = await call<EventMapImageView>(
    t.app,
    'PATCH',
    `/api/events/${eventId}/maps/${mapId}`,
    { as, body },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The map once no cut of it waits or runs (the real cutter, a child process). */
export async function cutOf(
  t: Pick<TestApp, 'app'>,
  as: Caller,
  eventId: string,
  mapId: string,
): Promise<EventMapImageView> {
  for (let i = 0; i < 1200; i++) {
    const map = (await mapsOf(t, as, eventId)).find((m) => m.id === mapId);
    if (!map) throw new Error(`the event ${eventId} does not show ${mapId}`);
    if (map.state !== 'cutting') return map;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the cut did not end');
}

/** An upload placed near Tartu (TARTU) and cut; `publish` as given. */
export async function placedMap(
  t: Pick<TestApp, 'app'>,
  as: Caller,
  eventId: string,
  image: Buffer,
  name: string,
  publish: { published: boolean; publicFrom?: number | null } = { published: false },
  placement: MapPlacement = TARTU,
): Promise<EventMapImageView> {
  const up = await uploadMap(t, as, eventId, image, name);
  await patchMap(t, as, eventId, up.id, { placement, ...publish });
  const map = await cutOf(t, as, eventId, up.id);
  expect(map.state, JSON.stringify(map)).toBe('ready');
  return map;
}

/** The URL of the Web Mercator tile at the map's finest zoom holding image pixel (u, v). */
export function tileUrlOf(map: EventMapImageView, u: number, v: number): string {
  const set = map.tiles!.grids['3857']!;
  const def = TILE_GRID_DEFS['3857'];
  const [x, y] = toCrs(def.crs, pixelToLatLng(map.placement!, u, v));
  const [px, py] = gridPixel(def, set.maxZoom, x, y);
  return map
    .tiles!.url.replace('{grid}', '3857')
    .replace('{z}', String(set.maxZoom))
    .replace('{x}', String(Math.floor(px / TILE_SIZE)))
    .replace('{y}', String(Math.floor(py / TILE_SIZE)));
}

/** A tile's answer to `as`: status, type and bytes. */
export async function fetchTile(t: Pick<TestApp, 'app'>, as: Caller, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: cookieOf(as) });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload };
}

/** The map image folders under MAPS_DIR, and what waits in its `.tmp`. */
export async function mapsDirOf(mapsDir: string): Promise<{ maps: string[]; tmp: string[] }> {
  const names = await fs.readdir(mapsDir).catch(() => [] as string[]);
  const tmp = await fs.readdir(path.join(mapsDir, '.tmp')).catch(() => [] as string[]);
  return { maps: names.filter((n) => n !== '.tmp').sort(), tmp };
}
