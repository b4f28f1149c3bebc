import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { Caller, CallResult, TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';
import {
  addAdmin,
  buildEvent,
  importEvent,
  signUp,
  signUpCreator,
  uniqueEmail,
  uniqueShortlink,
  signUpProven,
} from '../test/factories.ts';

/**
 * Every endpoint of docs/api.md against every kind of caller (STYLE rule 4: no endpoint without
 * a policy test). The admin is deliberately not a creator, and "creator" is a creator who is not
 * an admin of the event at hand.
 */
const ROLES = ['anonymous', 'user', 'creator', 'admin', 'owner', 'superadmin'] as const;
type Role = (typeof ROLES)[number];

interface Ctx {
  t: TestApp;
  users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  /** A user whose creator record and admin rights the cases change. */
  target: TestUser;
  /** An event owned by `owner` with `admin` as admin, not changed by any case. */
  shared: string;
  /** A new event owned by `owner` with `admin` as admin, for cases that change or delete it. */
  freshEvent(): Promise<string>;
}

interface Case {
  name: string;
  /** Expected status per role, in ROLES order; 401/403 imply error.unauthorized/error.forbidden. */
  expected: (number | string)[];
  run(as: Caller, ctx: Ctx): Promise<CallResult<unknown>>;
}

const ANYONE = [200, 200, 200, 200, 200, 200];
const SIGNED_IN = [401, 200, 200, 200, 200, 200];
const EVENT_ADMIN = [401, 403, 403, 200, 200, 200];
const SUPER_ONLY = [401, 403, 403, 403, 403, 200];
const SEARCHERS = [401, 403, 200, 403, 200, 200];
const EVENT_ADMIN_CREATES = [401, 403, 403, 201, 201, 201];
const HIDDEN = '403 results.error.hidden';
/** A route an API token may not use: signed out 401, with the role's token 403. */
const TOKEN_REFUSED = [401, 403, 403, 403, 403, 403];

/** An API token of the caller's account as a caller (null stays null). */
async function tokenOf(c: Ctx, as: Caller): Promise<Caller> {
  if (!as) return null;
  const res = await call<{ token: string }>(c.t.app, 'POST', '/api/auth/tokens', {
    as,
    body: { name: 'permissions' },
  });
  expect(res.status).toBe(201);
  return { bearer: res.body.token };
}

/** A new checkpoint in the shared event, made by its owner. */
async function newKp(c: Ctx): Promise<string> {
  const res = await call<{ id: string }>(c.t.app, 'POST', `/api/events/${c.shared}/checkpoints`, {
    as: c.users.owner,
    body: { kp: {} },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A new event that shows its checkpoints on the web, with one checkpoint. */
async function kpsInWeb(c: Ctx): Promise<string> {
  const id = await c.freshEvent();
  const as = c.users.owner;
  const body = { settings: { kpsinweb: true } };
  expect((await call(c.t.app, 'PATCH', `/api/events/${id}/settings`, { as, body })).status).toBe(
    200,
  );
  const kp = { kp: { nr: 1 }, data: { responses: { r: 'R' } }, answer: 'r' };
  expect(
    (await call(c.t.app, 'POST', `/api/events/${id}/checkpoints`, { as, body: kp })).status,
  ).toBe(201);
  return id;
}

/** A new event with the given settings. */
async function withSettings(c: Ctx, settings: Record<string, unknown>): Promise<string> {
  const id = await c.freshEvent();
  const body = { settings };
  const as = c.users.owner;
  expect((await call(c.t.app, 'PATCH', `/api/events/${id}/settings`, { as, body })).status).toBe(
    200,
  );
  return id;
}

/** A new event from the sample file (teams t1, t2 with answers), owned by the owner. */
async function eventWithTeams(c: Ctx): Promise<string> {
  const id = uniqueShortlink('teams');
  await importEvent(
    c.t,
    sampleEventFile({ owner: c.users.owner.uid, admin: c.users.admin.uid }),
    id,
  );
  return id;
}

/** A registration by the owner in a new event; returns the event and the team. */
async function registered(c: Ctx): Promise<{ id: string; teamId: string }> {
  const id = await c.freshEvent();
  const res = await call<{ teamId: string }>(c.t.app, 'POST', `/api/events/${id}/reg`, {
    as: c.users.owner,
    body: { values: { teamname: 'Registered' } },
  });
  expect(res.status).toBe(201);
  return { id, teamId: res.body.teamId };
}

/** A new cup owned by the event owner, with the event admin as a cup admin. */
async function newCup(c: Ctx): Promise<string> {
  const id = uniqueShortlink('cup');
  const res = await call(c.t.app, 'POST', '/api/cups', {
    as: c.users.owner,
    body: { id, name: 'Cup', year: 2026 },
  });
  expect(res.status).toBe(201);
  const admin = await call(c.t.app, 'POST', `/api/cups/${id}/admins`, {
    as: c.users.owner,
    body: { userId: c.users.admin.uid },
  });
  expect(admin.status).toBe(200);
  return id;
}

/** A join code of an event (the shared one by default), made by its owner. */
async function newCode(c: Ctx, eventId = c.shared): Promise<string> {
  const res = await call<{ code: string }>(c.t.app, 'POST', `/api/events/${eventId}/joincodes`, {
    as: c.users.owner,
    body: { valid: Date.now() + 86_400_000 },
  });
  expect(res.status).toBe(201);
  return res.body.code;
}

/** A deleted team's backup in a new event with teams. */
async function deletedTeam(c: Ctx): Promise<{ id: string; backupId: string }> {
  const id = await eventWithTeams(c);
  const res = await call<{ id: string }>(c.t.app, 'DELETE', `/api/events/${id}/teams/t2`, {
    as: c.users.owner,
  });
  expect(res.status).toBe(200);
  return { id, backupId: res.body.id };
}

const cases: Case[] = [
  {
    name: 'GET /api/config',
    expected: ANYONE,
    run: (as, c) => call(c.t.app, 'GET', '/api/config', { as }),
  },
  {
    // Signed out is an answer (null), not an error.
    name: 'GET /api/auth/me',
    expected: ANYONE,
    run: (as, c) => call(c.t.app, 'GET', '/api/auth/me', { as }),
  },
  {
    name: 'POST /api/auth/tokens',
    expected: [401, 201, 201, 201, 201, 201],
    run: (as, c) => call(c.t.app, 'POST', '/api/auth/tokens', { as, body: { name: 'script' } }),
  },
  {
    name: 'GET /api/auth/sessions',
    expected: SIGNED_IN,
    run: (as, c) => call(c.t.app, 'GET', '/api/auth/sessions', { as }),
  },
  {
    name: 'DELETE /api/auth/sessions/:id (none such)',
    expected: [401, ...Array(5).fill('404 error.notfound')],
    run: (as, c) => call(c.t.app, 'DELETE', '/api/auth/sessions/nonesuch', { as }),
  },
  // An API token manages no sessions, tokens or passkeys (a stolen one ended its owner's
  // browser sessions): these run with a token of the role's account.
  {
    name: 'GET /api/auth/sessions with an API token',
    expected: TOKEN_REFUSED,
    run: async (as, c) => call(c.t.app, 'GET', '/api/auth/sessions', { as: await tokenOf(c, as) }),
  },
  {
    name: 'DELETE /api/auth/sessions/:id with an API token',
    expected: TOKEN_REFUSED,
    run: async (as, c) =>
      call(c.t.app, 'DELETE', '/api/auth/sessions/nonesuch', { as: await tokenOf(c, as) }),
  },
  {
    name: 'POST /api/auth/passkeys/options with an API token',
    expected: TOKEN_REFUSED,
    run: async (as, c) =>
      call(c.t.app, 'POST', '/api/auth/passkeys/options', { as: await tokenOf(c, as) }),
  },
  {
    name: 'DELETE /api/account (wrong confirmation)',
    expected: [401, ...Array(5).fill('400 auth.error.confirm')],
    run: (as, c) => call(c.t.app, 'DELETE', '/api/account', { as, body: { confirm: 'x@y.z' } }),
  },
  {
    // This app sends no email: signed in, the route is reached and says so.
    name: 'POST /api/account/email',
    expected: [401, ...Array(5).fill('404 auth.error.noemail')],
    run: (as, c) =>
      call(c.t.app, 'POST', '/api/account/email', { as, body: { email: 'new@example.org' } }),
  },
  {
    // This app sends no email: the route says so before it looks at who opens the link.
    name: 'POST /api/account/email/confirm',
    expected: Array(6).fill('404 auth.error.noemail'),
    run: (as, c) =>
      call(c.t.app, 'POST', '/api/account/email/confirm', {
        as,
        body: { token: 'x'.repeat(43) },
      }),
  },
  {
    name: 'POST /api/account/phone/code',
    expected: [401, ...Array(5).fill('404 auth.error.nophone')],
    run: (as, c) =>
      call(c.t.app, 'POST', '/api/account/phone/code', { as, body: { phone: '+37255512345' } }),
  },
  {
    name: 'PUT /api/account/phone',
    expected: [401, ...Array(5).fill('404 auth.error.nophone')],
    run: (as, c) =>
      call(c.t.app, 'PUT', '/api/account/phone', {
        as,
        body: { phone: '+37255512345', code: '123456' },
      }),
  },
  {
    name: 'DELETE /api/account/phone (none set)',
    expected: [401, ...Array(5).fill('404 error.notfound')],
    run: (as, c) => call(c.t.app, 'DELETE', '/api/account/phone', { as }),
  },
  {
    // This app has no One Tap provider.
    name: 'POST /api/auth/onetap/nonce',
    expected: Array(6).fill('404 auth.error.oidcprovider'),
    run: (as, c) => call(c.t.app, 'POST', '/api/auth/onetap/nonce', { as }),
  },
  {
    name: 'POST /api/auth/onetap',
    expected: Array(6).fill('404 auth.error.oidcprovider'),
    run: (as, c) =>
      call(c.t.app, 'POST', '/api/auth/onetap', { as, body: { credential: 'a.b.c' } }),
  },
  {
    name: 'GET /api/users?s=',
    expected: SEARCHERS,
    run: (as, c) => call(c.t.app, 'GET', '/api/users?s=example', { as }),
  },
  {
    // The event's admins may search from its admin picker, even without a creator record.
    name: 'GET /api/users?s=&eventId= (admin picker)',
    expected: [401, 403, 200, 200, 200, 200],
    run: (as, c) => call(c.t.app, 'GET', `/api/users?s=example&eventId=${c.shared}`, { as }),
  },
  {
    name: 'GET /api/users?uids=',
    expected: SEARCHERS,
    run: (as, c) => call(c.t.app, 'GET', `/api/users?uids=${c.target.uid}`, { as }),
  },
  {
    name: 'GET /api/admin/creators',
    expected: SUPER_ONLY,
    run: (as, c) => call(c.t.app, 'GET', '/api/admin/creators', { as }),
  },
  {
    name: 'PUT /api/admin/creators/:uid',
    expected: [401, 403, 403, 403, 403, 204],
    run: (as, c) => call(c.t.app, 'PUT', `/api/admin/creators/${c.target.uid}`, { as }),
  },
  {
    name: 'DELETE /api/admin/creators/:uid',
    expected: [401, 403, 403, 403, 403, 204],
    run: (as, c) => call(c.t.app, 'DELETE', `/api/admin/creators/${c.target.uid}`, { as }),
  },
  {
    name: 'GET /api/admin/log',
    expected: SUPER_ONLY,
    run: (as, c) => call(c.t.app, 'GET', '/api/admin/log?q=creator', { as }),
  },
  {
    name: 'GET /api/admin/debug/raw',
    expected: SUPER_ONLY,
    run: (as, c) => call(c.t.app, 'GET', `/api/admin/debug/raw?event=${c.shared}&doc=list`, { as }),
  },
  {
    name: 'GET /api/events/:id/archive/storage',
    expected: SUPER_ONLY,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/archive/storage`, { as }),
  },
  {
    // The shared event is live: the super admin passes the policy and meets the rule.
    name: 'POST /api/admin/debug/archivecolours',
    expected: [401, 403, 403, 403, 403, '409 archive.error.notarchived'],
    run: (as, c) =>
      call(c.t.app, 'POST', '/api/admin/debug/archivecolours', {
        as,
        body: { event: c.shared, dryRun: true },
      }),
  },
  {
    name: 'GET /api/events',
    expected: ANYONE,
    run: (as, c) => call(c.t.app, 'GET', '/api/events', { as }),
  },
  {
    name: 'GET /api/events/:id/exists',
    expected: SIGNED_IN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/exists`, { as }),
  },
  {
    name: 'POST /api/events',
    expected: [
      401,
      '403 guide.nocreatorpermission',
      201,
      '403 guide.nocreatorpermission',
      201,
      201,
    ],
    run: (as, c) =>
      call(c.t.app, 'POST', '/api/events', {
        as,
        body: { name: 'New', shortlink: uniqueShortlink(), starttime: 0, endtime: null },
      }),
  },
  {
    name: 'GET /api/events/:id',
    expected: ANYONE,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}`, { as }),
  },
  {
    name: 'PATCH /api/events/:id',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'PATCH', `/api/events/${await c.freshEvent()}`, {
        as,
        body: { name: 'Renamed' },
      }),
  },
  {
    name: 'DELETE /api/events/:id',
    expected: [401, 403, 403, 403, 204, 204],
    run: async (as, c) => call(c.t.app, 'DELETE', `/api/events/${await c.freshEvent()}`, { as }),
  },
  {
    name: 'GET /api/events/:id/settings',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/settings`, { as }),
  },
  {
    name: 'PATCH /api/events/:id/settings',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'PATCH', `/api/events/${await c.freshEvent()}/settings`, {
        as,
        body: { settings: { kpsinweb: true } },
      }),
  },
  {
    name: 'GET /api/events/:id/admins',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/admins`, { as }),
  },
  {
    name: 'PUT /api/events/:id/admins/:uid',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'PUT', `/api/events/${await c.freshEvent()}/admins/${c.target.uid}`, { as }),
  },
  {
    name: 'DELETE /api/events/:id/admins/:uid (an admin)',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'DELETE', `/api/events/${await c.freshEvent()}/admins/${c.users.admin.uid}`, {
        as,
      }),
  },
  {
    name: 'DELETE /api/events/:id/admins/:uid (the owner)',
    expected: [401, 403, 403, ...Array(3).fill('409 admins.error.owner')],
    run: async (as, c) =>
      call(c.t.app, 'DELETE', `/api/events/${await c.freshEvent()}/admins/${c.users.owner.uid}`, {
        as,
      }),
  },
  {
    name: 'GET /api/events/:id/export',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/export`, { as }),
  },
  {
    name: 'GET /api/events/:id/checkpoints (kpsinweb off)',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/checkpoints`, { as }),
  },
  {
    name: 'GET /api/events/:id/checkpoints (kpsinweb on)',
    expected: ANYONE,
    run: async (as, c) =>
      call(c.t.app, 'GET', `/api/events/${await kpsInWeb(c)}/checkpoints`, { as }),
  },
  {
    name: 'POST /api/events/:id/checkpoints',
    expected: EVENT_ADMIN_CREATES,
    run: (as, c) =>
      call(c.t.app, 'POST', `/api/events/${c.shared}/checkpoints`, { as, body: { kp: {} } }),
  },
  {
    name: 'GET /api/events/:id/teams',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/teams`, { as }),
  },
  {
    name: 'POST /api/events/:id/teams',
    expected: EVENT_ADMIN_CREATES,
    run: async (as, c) =>
      call(c.t.app, 'POST', `/api/events/${await c.freshEvent()}/teams`, {
        as,
        body: { name: 'New team' },
      }),
  },
  {
    name: 'PATCH /api/events/:id/teams/:teamId',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'PATCH', `/api/events/${await eventWithTeams(c)}/teams/t1`, {
        as,
        body: { dsq: true },
      }),
  },
  {
    name: 'DELETE /api/events/:id/teams/:teamId',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'DELETE', `/api/events/${await eventWithTeams(c)}/teams/t1`, { as }),
  },
  {
    name: 'GET /api/events/:id/deletedteams',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/deletedteams`, { as }),
  },
  {
    name: 'POST /api/events/:id/deletedteams/:backupId/restore',
    expected: EVENT_ADMIN,
    run: async (as, c) => {
      const { id, backupId } = await deletedTeam(c);
      return call(c.t.app, 'POST', `/api/events/${id}/deletedteams/${backupId}/restore`, { as });
    },
  },
  {
    name: 'POST /api/events/:id/teams/starttimes',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'POST', `/api/events/${await eventWithTeams(c)}/teams/starttimes`, {
        as,
        // The sample event's start: a start time must lie near the event.
        body: { first: Date.UTC(2026, 0, 1, 10), intervalMin: 2 },
      }),
  },
  {
    name: 'POST /api/events/:id/teams/starttimes/undo',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'POST', `/api/events/${await eventWithTeams(c)}/teams/starttimes/undo`, {
        as,
        body: { changes: [{ id: 't1', before: null, after: 1 }] },
      }),
  },
  {
    name: 'GET /api/events/:id/startlist',
    expected: ANYONE,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/startlist`, { as }),
  },
  {
    name: 'GET /api/events/:id/reg',
    expected: ANYONE,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/reg`, { as }),
  },
  {
    name: 'POST /api/events/:id/reg',
    expected: [401, 201, 201, 201, 201, 201],
    run: async (as, c) =>
      call(c.t.app, 'POST', `/api/events/${await c.freshEvent()}/reg`, {
        as,
        body: { values: { teamname: 'Signed up' } },
      }),
  },
  {
    // The registering user (the owner here) and the event's admins may edit a registration.
    name: 'PUT /api/events/:id/reg/:teamId',
    expected: EVENT_ADMIN,
    run: async (as, c) => {
      const { id, teamId } = await registered(c);
      return call(c.t.app, 'PUT', `/api/events/${id}/reg/${teamId}`, {
        as,
        body: { values: { teamname: 'Renamed' } },
      });
    },
  },
  {
    name: 'GET /api/events/:id/registrations',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/registrations`, { as }),
  },
  {
    name: 'PATCH /api/events/:id/registrations/:teamId',
    expected: EVENT_ADMIN,
    run: async (as, c) => {
      const { id, teamId } = await registered(c);
      return call(c.t.app, 'PATCH', `/api/events/${id}/registrations/${teamId}`, {
        as,
        body: { orgcomment: 'Paid' },
      });
    },
  },
  {
    name: 'GET /api/events/:id/joincodes',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/joincodes`, { as }),
  },
  {
    name: 'POST /api/events/:id/joincodes',
    expected: EVENT_ADMIN_CREATES,
    run: (as, c) =>
      call(c.t.app, 'POST', `/api/events/${c.shared}/joincodes`, {
        as,
        body: { valid: Date.now() + 86_400_000 },
      }),
  },
  {
    name: 'PATCH /api/events/:id/joincodes/:code',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'PATCH', `/api/events/${c.shared}/joincodes/${await newCode(c)}`, {
        as,
        body: { singleteam: true },
      }),
  },
  {
    name: 'DELETE /api/events/:id/joincodes/:code',
    expected: [401, 403, 403, 204, 204, 204],
    run: async (as, c) =>
      call(c.t.app, 'DELETE', `/api/events/${c.shared}/joincodes/${await newCode(c)}`, { as }),
  },
  {
    name: 'GET /api/joincodes/:code',
    expected: ANYONE,
    run: async (as, c) => call(c.t.app, 'GET', `/api/joincodes/${await newCode(c)}`, { as }),
  },
  {
    name: 'POST /api/join',
    expected: SIGNED_IN,
    // Joining adds a team, so each call uses a code of a new event.
    run: async (as, c) =>
      call(c.t.app, 'POST', '/api/join', {
        as,
        body: { code: await newCode(c, await c.freshEvent()) },
      }),
  },
  {
    name: 'POST /api/events/:id/messages',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'POST', `/api/events/${await eventWithTeams(c)}/messages`, {
        as,
        body: { title: 'Hello', body: 'Start in 5 minutes' },
      }),
  },
  {
    name: 'GET /api/events/:id/messages',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/messages`, { as }),
  },
  {
    name: 'GET /api/me/teams',
    expected: SIGNED_IN,
    run: (as, c) => call(c.t.app, 'GET', '/api/me/teams', { as }),
  },
  {
    name: 'PUT /api/devices/:deviceId (not in a team)',
    expected: [401, ...Array(5).fill('403 device.error.noteam')],
    run: async (as, c) =>
      call(c.t.app, 'PUT', '/api/devices/device-0001', {
        as,
        body: { eventId: await c.freshEvent() },
      }),
  },
  {
    name: 'PATCH /api/events/:id/checkpoints/:kpId',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'PATCH', `/api/events/${c.shared}/checkpoints/${await newKp(c)}`, {
        as,
        body: { kp: { ra: 2 } },
      }),
  },
  {
    name: 'DELETE /api/events/:id/checkpoints/:kpId',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'DELETE', `/api/events/${c.shared}/checkpoints/${await newKp(c)}`, { as }),
  },
  {
    name: 'POST /api/events/:id/checkpoints/import',
    expected: EVENT_ADMIN,
    run: (as, c) =>
      call(c.t.app, 'POST', `/api/events/${c.shared}/checkpoints/import`, {
        as,
        body: { mode: 'add', checkpoints: [{ kp: { nr: 'imported' } }] },
      }),
  },
  {
    name: 'POST /api/events/:id/checkpoints/renumber',
    expected: EVENT_ADMIN,
    run: (as, c) =>
      call(c.t.app, 'POST', `/api/events/${c.shared}/checkpoints/renumber`, {
        as,
        body: { start: 5000, end: 5001, add: 1 },
      }),
  },
  {
    name: 'GET /api/events/:id/deletedkps',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/deletedkps`, { as }),
  },
  {
    name: 'POST /api/events/:id/deletedkps/:deletedId/restore',
    expected: EVENT_ADMIN,
    run: async (as, c) => {
      const kpId = await newKp(c);
      const deleted = await call<{ id: string }>(
        c.t.app,
        'DELETE',
        `/api/events/${c.shared}/checkpoints/${kpId}`,
        { as: c.users.owner },
      );
      return call(
        c.t.app,
        'POST',
        `/api/events/${c.shared}/deletedkps/${deleted.body.id}/restore`,
        {
          as,
        },
      );
    },
  },
  {
    name: 'GET /api/events/:id/deletedkponteam',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/deletedkponteam`, { as }),
  },
  {
    name: 'GET /api/cups',
    expected: ANYONE,
    run: (as, c) => call(c.t.app, 'GET', '/api/cups', { as }),
  },
  {
    name: 'GET /api/events/:id/map',
    expected: ANYONE,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/map`, { as }),
  },
  {
    // Callers who may ask get as far as the address check (a file: address is refused there).
    name: 'GET /api/maps/capabilities (with the event)',
    expected: [
      401,
      403,
      '400 map.error.url',
      '400 map.error.url',
      '400 map.error.url',
      '400 map.error.url',
    ],
    run: (as, c) =>
      call(c.t.app, 'GET', `/api/maps/capabilities?url=file%3A%2F%2F%2Fx&eventId=${c.shared}`, {
        as,
      }),
  },
  {
    // The owner is a creator here; the admin is not.
    name: 'GET /api/maps/capabilities (without an event)',
    expected: [401, 403, '400 map.error.url', 403, '400 map.error.url', '400 map.error.url'],
    run: (as, c) => call(c.t.app, 'GET', '/api/maps/capabilities?url=file%3A%2F%2F%2Fx', { as }),
  },
  {
    name: 'GET /api/cups?mine=1',
    expected: SIGNED_IN,
    run: (as, c) => call(c.t.app, 'GET', '/api/cups?mine=1', { as }),
  },
  {
    name: 'GET /api/cups/links/:link',
    expected: SIGNED_IN,
    run: (as, c) => call(c.t.app, 'GET', '/api/cups/links/some-link', { as }),
  },
  {
    name: 'POST /api/cups',
    expected: [401, 201, 201, 201, 201, 201],
    run: (as, c) =>
      call(c.t.app, 'POST', '/api/cups', {
        as,
        body: { id: uniqueShortlink('cup'), name: 'Cup', year: 2026 },
      }),
  },
  {
    name: 'GET /api/cups/:cupId',
    expected: ANYONE,
    run: async (as, c) => call(c.t.app, 'GET', `/api/cups/${await newCup(c)}`, { as }),
  },
  {
    name: 'GET /api/cups/:cupId/standings',
    expected: ANYONE,
    run: async (as, c) => call(c.t.app, 'GET', `/api/cups/${await newCup(c)}/standings`, { as }),
  },
  {
    name: 'PATCH /api/cups/:cupId',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'PATCH', `/api/cups/${await newCup(c)}`, { as, body: { points: [3, 2, 1] } }),
  },
  {
    name: 'POST /api/cups/:cupId/admins',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'POST', `/api/cups/${await newCup(c)}/admins`, {
        as,
        body: { userId: c.target.uid },
      }),
  },
  {
    name: 'DELETE /api/cups/:cupId/admins/:userId',
    expected: EVENT_ADMIN,
    run: async (as, c) => {
      const cupId = await newCup(c);
      await call(c.t.app, 'POST', `/api/cups/${cupId}/admins`, {
        as: c.users.owner,
        body: { userId: c.target.uid },
      });
      return call(c.t.app, 'DELETE', `/api/cups/${cupId}/admins/${c.target.uid}`, { as });
    },
  },
  {
    name: 'POST /api/cups/:cupId/events (an event the caller administers)',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(c.t.app, 'POST', `/api/cups/${await newCup(c)}/events`, {
        as,
        body: { eventId: await c.freshEvent() },
      }),
  },
  {
    name: 'DELETE /api/cups/:cupId/events/:eventId',
    expected: EVENT_ADMIN,
    run: async (as, c) => {
      const cupId = await newCup(c);
      const eventId = await c.freshEvent();
      await call(c.t.app, 'POST', `/api/cups/${cupId}/events`, {
        as: c.users.owner,
        body: { eventId },
      });
      return call(c.t.app, 'DELETE', `/api/cups/${cupId}/events/${eventId}`, { as });
    },
  },
  {
    name: 'PUT /api/cups/:cupId/cells',
    expected: EVENT_ADMIN,
    run: async (as, c) => {
      const cupId = await newCup(c);
      const eventId = await c.freshEvent();
      await call(c.t.app, 'POST', `/api/cups/${cupId}/events`, {
        as: c.users.owner,
        body: { eventId },
      });
      return call(c.t.app, 'PUT', `/api/cups/${cupId}/cells`, {
        as,
        body: { event: eventId, team: 'n::x', value: 5 },
      });
    },
  },
  {
    name: 'POST /api/cups/:cupId/joins',
    expected: [401, 403, 403, '400 cup.error.join', '400 cup.error.join', '400 cup.error.join'],
    run: async (as, c) =>
      call(c.t.app, 'POST', `/api/cups/${await newCup(c)}/joins`, {
        as,
        body: { keep: 'n::a', other: 'n::b' },
      }),
  },
  {
    name: 'POST /api/cups/:cupId/undo',
    expected: [
      401,
      403,
      403,
      '409 cup.error.noundo',
      '409 cup.error.noundo',
      '409 cup.error.noundo',
    ],
    run: async (as, c) => call(c.t.app, 'POST', `/api/cups/${await newCup(c)}/undo`, { as }),
  },
  ...['results', 'responses', 'results/t1/splits', 'results/members'].flatMap((path): Case[] => [
    {
      name: `GET /api/events/:id/${path}`,
      expected: ANYONE,
      run: async (as, c) =>
        call(c.t.app, 'GET', `/api/events/${await eventWithTeams(c)}/${path}`, { as }),
    },
    {
      name: `GET /api/events/:id/${path} under hideresults`,
      expected: [HIDDEN, HIDDEN, HIDDEN, 200, 200, 200],
      run: async (as, c) => {
        const id = await eventWithTeams(c);
        const hide = await call(c.t.app, 'PATCH', `/api/events/${id}/settings`, {
          as: c.users.owner,
          body: { settings: { hideresults: true } },
        });
        expect(hide.status).toBe(200);
        return call(c.t.app, 'GET', `/api/events/${id}/${path}`, { as });
      },
    },
  ]),
  {
    name: 'DELETE /api/events/:id/teams/:teamId/answers/:kpId',
    expected: [401, 403, 403, 204, 204, 204],
    run: async (as, c) =>
      call(c.t.app, 'DELETE', `/api/events/${await eventWithTeams(c)}/teams/t1/answers/kp1`, {
        as,
      }),
  },
  {
    name: 'GET /api/events/:id/printitems',
    expected: EVENT_ADMIN,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/printitems`, { as }),
  },
  {
    name: 'PUT /api/events/:id/printitems',
    expected: EVENT_ADMIN,
    run: (as, c) =>
      call(c.t.app, 'PUT', `/api/events/${c.shared}/printitems`, {
        as,
        body: { p1: { loc: { lat: 58, lng: 26 }, type: 'kp', name: '1', limit: 0 } },
      }),
  },
  {
    name: 'POST /api/events/:id/checkpoints of a missing event',
    expected: Array(6).fill('404 error.notfound'),
    run: (as, c) =>
      call(c.t.app, 'POST', '/api/events/no-such-event/checkpoints', { as, body: { kp: {} } }),
  },
  {
    // A state change on GET: a cross-site <img> or link carries the cookie, so it never counts.
    name: 'GET /api/sendmsg with the session cookie',
    expected: Array(6).fill(401),
    run: (as, c) =>
      call(c.t.app, 'GET', `/api/sendmsg?topic=event-${c.shared}&title=Hi`, {
        as,
        headers: { 'x-eventid': c.shared },
      }),
  },
  {
    name: 'GET /api/events/:id/speedtickets',
    expected: ANYONE,
    run: (as, c) => call(c.t.app, 'GET', `/api/events/${c.shared}/speedtickets`, { as }),
  },
  {
    name: 'GET /api/events/:id/speedtickets (hidetracks on)',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(
        c.t.app,
        'GET',
        `/api/events/${await withSettings(c, { hidetracks: true })}/speedtickets`,
        {
          as,
        },
      ),
  },
  {
    name: 'GET /api/events/:id/speedtickets (hidespeedings on)',
    expected: EVENT_ADMIN,
    run: async (as, c) =>
      call(
        c.t.app,
        'GET',
        `/api/events/${await withSettings(c, { hidespeedings: true })}/speedtickets`,
        { as },
      ),
  },
  {
    name: 'PATCH /api/events/:id of a missing event',
    expected: Array(6).fill('404 error.notfound'),
    run: (as, c) =>
      call(c.t.app, 'PATCH', '/api/events/no-such-event', { as, body: { name: 'X' } }),
  },
];

const label = (expected: number | string) =>
  expected === 401
    ? '401 error.unauthorized'
    : expected === 403
      ? '403 error.forbidden'
      : String(expected);

const outcome = (res: CallResult<unknown>) =>
  res.status >= 400 ? `${res.status} ${errorOf(res)}` : String(res.status);

describe.each(testDialects())('permissions on $name', (dialect) => {
  const bossEmail = uniqueEmail('boss');
  const ctx = {} as Ctx;
  beforeAll(async () => {
    const t = await buildTestApp(dialect, { superAdminEmails: [bossEmail] });
    const owner = await signUpCreator(t);
    const users = {
      user: await signUp(t.app),
      creator: await signUpCreator(t),
      admin: await signUp(t.app),
      owner,
      superadmin: await signUpProven(t, bossEmail),
    };
    const freshEvent = async () => {
      const event = await buildEvent(t.app, owner);
      await addAdmin(t.app, owner, event.id, users.admin.uid);
      return event.id;
    };
    Object.assign(ctx, { t, users, target: await signUp(t.app), freshEvent });
    ctx.shared = await freshEvent();
  });
  afterAll(() => ctx.t.close());

  it('makes the configured email a super admin, who is also a creator', async () => {
    const me = await call<Me>(ctx.t.app, 'GET', '/api/auth/me', { as: ctx.users.superadmin });
    expect(me.body).toMatchObject({ superAdmin: true, creator: true, platformOwner: false });
    const plain = await call<Me>(ctx.t.app, 'GET', '/api/auth/me', { as: ctx.users.admin });
    expect(plain.body).toMatchObject({ superAdmin: false, creator: false });
  });

  it.each(cases)('$name', async (c) => {
    const actual: string[] = [];
    for (const role of ROLES) {
      const as = role === 'anonymous' ? null : ctx.users[role];
      actual.push(`${role}: ${outcome(await c.run(as, ctx))}`);
    }
    expect(actual).toEqual(ROLES.map((role, i) => `${role}: ${label(c.expected[i]!)}`));
  });
});
