import { randomUUID } from 'node:crypto';
import type { LocationPoint } from '@rada/core';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, uniqueShortlink } from '../test/factories.ts';
import { decodeChunk } from './track.chunks.ts';

/** A small event for track tests: Alpha (red), Bravo and Charlie; tracks hidden when asked. */
export function trackEventFile(ownerUid: string, hidetracks = false) {
  const start = Date.UTC(2026, 5, 1, 8);
  return {
    version: 2,
    events: {
      name: 'Tracks test',
      starttime: start,
      endtime: start + 6 * 3_600_000,
      hidden: false,
      admins: { [ownerUid]: 'owner' },
    },
    eventsdata: { data: { hidetracks } },
    teams: {
      list: {
        alpha: { name: 'Alpha', nr: 1, col: '#ff0000' },
        bravo: { name: 'Bravo', nr: 2 },
        charlie: { name: 'Charlie', nr: 10 },
      },
    },
    evdoc: {},
  };
}

/** Imports the track event under a fresh id. */
export async function newTrackEvent(t: TestApp, owner: TestUser, hidetracks = false) {
  const id = uniqueShortlink('trk');
  await importEvent(t, trackEventFile(owner.uid, hidetracks), id);
  return id;
}

/** A device row of `user` in the event's team (or of no team), as registration leaves it. */
export async function addDevice(
  t: TestApp,
  user: TestUser,
  eventId: string | null,
  teamId: string | null,
): Promise<string> {
  const id = `dev-${randomUUID().slice(0, 8)}`;
  await t.handle.db
    .insertInto('devices')
    .values({
      id,
      user_id: user.uid,
      event_id: eventId,
      team_id: teamId,
      info: '{}',
      last_seen: null,
      last_t: null,
    })
    .execute();
  return id;
}

/**
 * `n` points walking north from 58.3 N, 26.7 E at about 1.1 m/s (1e-5 degrees per 1 s), the
 * first at `t0`; every point has accuracy, speed and heading.
 */
export function walk(n: number, t0: number, from = 0): LocationPoint[] {
  return Array.from({ length: n }, (_, i) => ({
    t: t0 + (from + i) * 1000,
    y: 58.3 + (from + i) * 1e-5,
    x: 26.7,
    a: 5,
    s: 1.1,
    l: 40,
    g: 0,
    d: null,
  }));
}

/** The stored chunk rows of a team, oldest first. */
export const chunkRows = (t: TestApp, eventId: string, teamId?: string) => {
  let q = t.handle.db.selectFrom('track_chunks').selectAll().where('event_id', '=', eventId);
  if (teamId !== undefined) q = q.where('team_id', '=', teamId);
  return q.orderBy('t_from').execute();
};

/** Every stored point of the event (or one team), in time order. */
export async function storedPoints(
  t: TestApp,
  eventId: string,
  teamId?: string,
): Promise<LocationPoint[]> {
  const rows = await chunkRows(t, eventId, teamId);
  return rows.flatMap((r) => decodeChunk(r.data)).sort((p, q) => p.t - q.t);
}

/**
 * Stores a chunk of Alpha's device `deviceId` at time `t` whose bytes the track codec refuses
 * ("garbage": not track data, bad magic), as a disk fault or an old bug would leave it.
 */
export async function insertCorruptChunk(
  t: TestApp,
  eventId: string,
  deviceId: string,
  at: number,
) {
  await t.handle.db
    .insertInto('track_chunks')
    .values({
      id: `bad-${eventId}`,
      event_id: eventId,
      team_id: 'alpha',
      device_id: deviceId,
      t_from: at,
      t_to: at,
      points: 1,
      data: Buffer.from('garbage').toString('base64'),
    })
    .execute();
}

/** Only the fields that survive the codec unchanged in these tests. */
export const txy = (points: readonly LocationPoint[]) =>
  points.map((p) => ({ t: p.t, y: Number(p.y.toFixed(7)), x: Number(p.x.toFixed(7)) }));
