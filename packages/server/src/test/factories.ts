import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { CreateEventBody, EventSummary, Me } from '@rada/core';
import type { Database } from '../db/schema.ts';
import { eventService } from '../events/event.service.ts';
import type { TestApp } from './app.ts';
import { call } from './app.ts';
import { fromJsonMap } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';

/** The password every factory account has. */
export const PASSWORD = 'correct horse battery staple';

const suffix = () => randomUUID().replace(/-/g, '').slice(0, 10);

/** An email no other test uses. */
export const uniqueEmail = (label = 'user') => `${label}-${suffix()}@example.com`;

/** A mobile number (E.164) no other test uses: `prefix` (an Estonian mobile's by default) and 7 digits. */
export const uniquePhone = (prefix = '+3725') =>
  `${prefix}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/** A short link no other test uses (valid: letters, digits, - and _). */
export const uniqueShortlink = (label = 'ev') => `${label}-${suffix()}`;

/** A signed-in account: pass it as `as` to `call` (it carries the cookie header). */
export interface TestUser {
  uid: string;
  email: string;
  cookie: string;
}

/** The `name=value` part of the session cookie an answer sets. */
export function sessionCookie(setCookie: string | string[] | number | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : [String(setCookie ?? '')];
  const found = all.find((c) => c.startsWith('rada_session='));
  if (!found) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  return found.split(';')[0] ?? '';
}

/** Signs up a new account (argon2: keep these few per file) and returns its session. */
export async function signUp(
  app: FastifyInstance,
  email = uniqueEmail(),
  displayName = email.split('@')[0] ?? 'user',
): Promise<TestUser> {
  const res = await call<Me>(app, 'POST', '/api/auth/signup', {
    body: { email, password: PASSWORD, displayName },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    uid: res.body.uid,
    email: res.body.email,
    cookie: sessionCookie(res.headers['set-cookie']),
  };
}

/**
 * Signs up with `email` and proves the address, as opening a link mailed there would: roles by
 * configuration (SUPERADMIN_EMAILS, PLATFORM_OWNER_EMAIL) go to proven accounts only.
 */
export async function signUpProven(
  t: Pick<TestApp, 'app' | 'store'>,
  email: string,
  displayName?: string,
): Promise<TestUser> {
  const user = await signUp(t.app, email, displayName);
  await t.store.users.markEmailVerified(user.uid);
  return user;
}

/** Signs in again and returns the new session's cookie header. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  remoteAddress?: string,
): Promise<string> {
  const res = await call(app, 'POST', '/api/auth/signin', {
    body: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sessionCookie(res.headers['set-cookie']);
}

/** Gives the account a creator record, as a super admin or the command line would. */
export async function makeCreator(t: TestApp, user: TestUser): Promise<TestUser> {
  await t.store.users.grantCreator(user.uid, null, t.clock.t);
  return user;
}

/** Signs up an account that may create events. */
export async function signUpCreator(t: TestApp, email = uniqueEmail('creator')): Promise<TestUser> {
  return makeCreator(t, await signUp(t.app, email));
}

/** Creates an event through the API as `user` (a creator); fresh, tomorrow, unless overridden. */
export async function buildEvent(
  app: FastifyInstance,
  user: TestUser,
  overrides: Partial<CreateEventBody> = {},
): Promise<EventSummary> {
  const start = Date.now() + 86_400_000;
  const body: CreateEventBody = {
    name: 'Test rogaine',
    shortlink: uniqueShortlink(),
    starttime: start,
    endtime: start + 6 * 3_600_000,
    ...overrides,
  };
  const res = await call<EventSummary>(app, 'POST', '/api/events', { as: user, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Makes `uid` an admin of the event, as `by` (an admin of it) would. */
export async function addAdmin(
  app: FastifyInstance,
  by: TestUser,
  eventId: string,
  uid: string,
): Promise<void> {
  const res = await call(app, 'PUT', `/api/events/${eventId}/admins/${uid}`, { as: by });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Imports a whole event file as `id`, as the command line does (service, no HTTP). */
export async function importEvent(t: TestApp, file: unknown, id: string): Promise<void> {
  await eventService({ store: t.store, bus: t.bus, now: () => t.clock.t }).importFile(file, id);
}

const EVENT_TABLES = [
  'users',
  'sessions',
  'creators',
  'events',
  'event_admins',
  'event_data',
  'checkpoints',
  'deleted_checkpoints',
  'print_items',
  'teams',
  'registrations',
  'team_answers',
  'speed_tickets',
] as const;

/** Row counts of the tables an event or an account writes, to show that nothing was written. */
export async function countRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of EVENT_TABLES) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** A team's stored list entry (teams.list), read straight from the database. */
export async function teamListOf(t: TestApp, eventId: string, teamId: string): Promise<JsonMap> {
  const row = await t.handle.db
    .selectFrom('teams')
    .select('list')
    .where('event_id', '=', eventId)
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  return fromJsonMap(row.list);
}
