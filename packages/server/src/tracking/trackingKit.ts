import type { InjectOptions } from 'fastify';
import type { TrackingLinkView, TrackStat } from '@rada/core';
import { expect } from 'vitest';
import type { TestApp } from '../test/app.ts';
import { call } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { fromJson } from '../db/json.ts';

/** Makes the team's link for `app` as `as` (201 expected) and answers it. */
export async function makeLink(
  t: TestApp,
  as: TestUser,
  eventId: string,
  teamId: string,
  body: { app: string; trackerId?: string },
): Promise<TrackingLinkView> {
  const res = await call<TrackingLinkView>(
    t.app,
    'POST',
    `/api/events/${eventId}/teams/${teamId}/tracking-links`,
    { as, body },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Adds `user` to the event's team, as joining would. */
export async function addMember(
  t: TestApp,
  eventId: string,
  teamId: string,
  user: TestUser,
): Promise<void> {
  await t.handle.db
    .insertInto('team_members')
    .values({ event_id: eventId, team_id: teamId, user_id: user.uid, joined_at: 1, via: 'code' })
    .execute();
}

/** A request as an app sends it: no session, no Origin, no Sec-Fetch headers. */
export async function appRequest(
  t: TestApp,
  method: 'GET' | 'POST' | 'HEAD',
  url: string,
  body?: { type: string; payload: string } | { json: unknown },
): Promise<{ status: number; body: unknown }> {
  const options: InjectOptions = { method, url, headers: {} };
  if (body && 'json' in body) {
    options.headers = { 'content-type': 'application/json' };
    options.payload = JSON.stringify(body.json);
  } else if (body) {
    options.headers = { 'content-type': body.type };
    options.payload = body.payload;
  }
  const res = await t.app.inject(options);
  return {
    status: res.statusCode,
    body: res.body === '' ? undefined : (JSON.parse(res.body) as unknown),
  };
}

/** The team's stored track stat. */
export async function teamStat(
  t: TestApp,
  eventId: string,
  teamId: string,
): Promise<TrackStat | null> {
  const row = await t.handle.db
    .selectFrom('teams')
    .select('trackstat')
    .where('event_id', '=', eventId)
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  return fromJson<TrackStat | null>(row.trackstat, null);
}

/** The device row of a link. */
export const deviceRow = (t: TestApp, deviceId: string) =>
  t.handle.db.selectFrom('devices').selectAll().where('id', '=', deviceId).executeTakeFirst();
