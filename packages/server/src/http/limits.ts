import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { errorCodes } from 'fastify';
import { Transform } from 'node:stream';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import { JSON_MAX_DEPTH } from '@rada/core';
import type { RateLimit, RateLimits, ServerConfig } from '../config.ts';
import type { Actor } from '../auth/actor.ts';
import type { Repos } from '../db/store.ts';
import type { Redis } from 'ioredis';
import { accessTo } from '../teams/eventAdmin.ts';
import { canEditEvent } from '../policies/event.policy.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { findBadText } from './nul.ts';

/**
 * Every limit of the HTTP server in one place (docs/security.md): request body sizes, JSON
 * nesting depth and request rates. The numbers live in ServerConfig (BODY_LIMIT,
 * LARGE_BODY_LIMIT, RATE_LIMIT_*); routes name the limit they fall under with `rateLimited` and
 * `largeBody` in their route options.
 */

/** The limit settings routes read when they are declared. */
export interface LimitSettings {
  bodyLimit: number;
  largeBodyLimit: number;
  rateLimits: RateLimits;
  /** Whether `actor` administers the event `eventId` (may send it large files). */
  isEventAdmin: (actor: Actor, eventId: string) => Promise<boolean>;
  /** Whether `deviceId` is a device of `actor` on a team (may upload its files). */
  isDeviceOwner: (actor: Actor, deviceId: string) => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    radaLimits: LimitSettings;
  }
}

/** Keys kept per limiter (least recently used ones are forgotten beyond this). */
const RATE_LIMIT_KEYS = 10_000;

/** Route limits a route may name; the sign-in limits are counted by hand (`signinLimits`). */
export type RouteLimitName =
  'signup' | 'joinLookup' | 'join' | 'registration' | 'upload' | 'password' | 'account';

export interface LimitsOptions {
  /**
   * Events and devices: only an event's admins send its large files (KP and GPX import), only a
   * device's owner its uploads.
   */
  store: Pick<Repos, 'events' | 'messages'>;
  /**
   * The rate-limit store; the plugin's in-memory store by default (one process).
   */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** Several servers count together in this Redis (the plugin's Redis store), under the prefix. */
  redis?: Redis;
  redisPrefix?: string;
}

/**
 * Registers the rate-limit plugin (no global limit: routes opt in), the JSON parser that refuses
 * deep nesting before parsing, and the settings `rateLimited`/`largeBody` read. Call before any
 * route is added. The server's default body limit is `config.bodyLimit` (Fastify option).
 */
export async function registerLimits(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'bodyLimit' | 'largeBodyLimit' | 'rateLimits'>,
  options: LimitsOptions,
): Promise<void> {
  app.decorate('radaLimits', {
    bodyLimit: config.bodyLimit,
    largeBodyLimit: config.largeBodyLimit,
    rateLimits: config.rateLimits,
    isEventAdmin: async (actor: Actor, eventId: string) => {
      const event = await options.store.events.findById(eventId);
      return event !== undefined && canEditEvent(await accessTo(options.store, actor, event));
    },
    isDeviceOwner: async (actor: Actor, deviceId: string) => {
      const device = await options.store.messages.findDevice(deviceId);
      return device?.user_id === actor.uid && device.team_id !== null;
    },
  });
  await app.register(rateLimit, {
    global: false,
    cache: RATE_LIMIT_KEYS,
    ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
    ...(options.redis
      ? {
          redis: options.redis,
          nameSpace: `${options.redisPrefix ?? 'rada:'}rl:`,
          // Redis away: serve unlimited for a while rather than refuse everyone.
          skipOnError: true,
        }
      : {}),
    // Thrown from the route's hook; the app's error handler answers {error, message}. The plugin
    // has set Retry-After (seconds) by then.
    errorResponseBuilder: () => new AppError('error.toomany', 429),
  });

  // secure-json-parse (Fastify's parser) recurses and throws a RangeError, a 500, on deep
  // nesting; a cheap scan refuses it first. Prototype poisoning stays refused by the default.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthOver(text, JSON_MAX_DEPTH)) {
      done(new AppError('error.toodeep', 400), undefined);
      return;
    }
    // Fastify's default parser answers through `done` (typed as possibly a promise too).
    void parseJson(req, text, done);
  });
}

/**
 * Whether JSON `text` nests arrays and objects deeper than `max` (brackets inside strings do not
 * count). Malformed text is left for the parser to refuse.
 */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/** The client's address as the limits count it: IPv6 by its /64, as the plugin does. */
export const addressKey = (req: FastifyRequest): string => normalizeIP(req.ip);

/** A signed-in caller counts as its user (wherever it comes from), anyone else as its address. */
const callerKey = (req: FastifyRequest): string =>
  req.actor ? `u:${req.actor.uid}` : `a:${addressKey(req)}`;

const pluginOptions = (limit: RateLimit) => ({
  max: limit.max,
  timeWindow: limit.windowMs,
  cache: RATE_LIMIT_KEYS,
});

/**
 * Route options that count the route's requests against the limit `name` (checked in onRequest,
 * before the body is read); over it the route answers 429 error.toomany with Retry-After.
 * Sign-ups and account requests by email count per address; the others per user, or per address
 * when signed out.
 */
export function rateLimited(
  api: FastifyInstance,
  name: RouteLimitName,
): { config: { rateLimit: RateLimitOptions } } {
  return {
    config: {
      rateLimit: {
        ...pluginOptions(api.radaLimits.rateLimits[name]),
        keyGenerator: name === 'signup' || name === 'account' ? addressKey : callerKey,
        // Account requests by email answer with the sign-in dialog's message (spec 02 §8).
        ...(name === 'account'
          ? { errorResponseBuilder: () => new AppError('auth.error.toomany', 429) }
          : {}),
      },
    },
  };
}

/**
 * A limit counted per key the caller names (the address a mail goes to, a phone number and who
 * asks for its code), in the rate-limit plugin's store like the route limits. `take(key)` counts
 * one and answers whether it was within the limit, and if not the seconds until its window ends.
 * The limiter is made on first use, so services made before `registerLimits` can hold it.
 */
export function keyedLimit(
  app: FastifyInstance,
  name: string,
  limit: RateLimit,
): (key: string) => Promise<{ allowed: boolean; retryAfter: number }> {
  const keys = new WeakMap<object, string>();
  let limiter: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  return async (key) => {
    // createRateLimit takes the plugin's `cache` too; its types leave it out.
    limiter ??= app.createRateLimit({
      ...pluginOptions(limit),
      keyGenerator: (req: FastifyRequest) => `${name}:${keys.get(req) ?? ''}`,
    } as Parameters<FastifyInstance['createRateLimit']>[0]);
    // The plugin reads only the key (through keyGenerator) and the route's options of a request.
    const probe = { routeOptions: { config: {} } };
    keys.set(probe, key);
    const state = await limiter(probe as unknown as FastifyRequest);
    if (state.isAllowed || !state.isExceeded) return { allowed: true, retryAfter: 0 };
    return { allowed: false, retryAfter: Math.max(1, state.ttlInSeconds) };
  };
}

/**
 * Who may send a route's large body: any signed-in user, an event creator, the admins of the
 * event in `:id`, the owner of the device in `:deviceId` (on a team).
 */
export type LargeBodySender = 'user' | 'creator' | 'eventAdmin' | 'deviceOwner';

/**
 * Route options of a route that takes a file: bodies up to `largeBodyLimit`, but only from a
 * signed-in caller of the right kind (`who`).
 * Anyone else is refused before the body is read: 401/403 when Content-Length is over the ordinary
 * limit, 413 error.toolarge when a body without a length grows over it. Small bodies cost no
 * look-up; the route's service checks permissions as always.
 */
export function largeBody(
  api: FastifyInstance,
  who: LargeBodySender = 'user',
): Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'preParsing'> {
  const { bodyLimit, largeBodyLimit, isEventAdmin, isDeviceOwner } = api.radaLimits;
  const capped = new WeakSet<FastifyRequest>();
  const allowed = async (req: FastifyRequest): Promise<boolean> => {
    if (!req.actor) return false;
    // An id no database can hold (a NUL) is not looked up: PostgreSQL fails on it with a server
    // error. The API's preValidation refuses it with 400 once the body is read.
    if (findBadText(req.params)) return false;
    if (who === 'creator') return req.actor.creator;
    const params = req.params as { id?: unknown; deviceId?: unknown };
    if (who === 'eventAdmin') {
      return typeof params.id === 'string' && (await isEventAdmin(req.actor, params.id));
    }
    if (who === 'deviceOwner') {
      return (
        typeof params.deviceId === 'string' && (await isDeviceOwner(req.actor, params.deviceId))
      );
    }
    return true;
  };
  return {
    bodyLimit: Math.max(bodyLimit, largeBodyLimit),
    onRequest: async (req: FastifyRequest) => {
      const length = Number(req.headers['content-length']);
      if (length <= bodyLimit || (await allowed(req))) return;
      if (length > bodyLimit) throw req.actor ? forbidden() : unauthorized();
      capped.add(req); // no length: read it, but no further than the ordinary limit
    },
    preParsing: async (req, _reply, payload) =>
      capped.has(req) ? payload.pipe(byteCap(bodyLimit)) : payload,
  };
}

/** A pass-through stream that fails with Fastify's body-too-large error past `limit` bytes. */
function byteCap(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      else callback(null, chunk);
    },
  });
}

/**
 * Sign-in limits, counting failures only so that a venue full of people signing in from one
 * address is not locked out by their successes:
 * - per account from one address (signinAccountAddress): auth.error.toomany;
 * - per address over all accounts (signinAddress, generous for shared addresses):
 *   auth.error.toomany;
 * - per account over all addresses (signinAccount, for guessing from many addresses):
 *   auth.error.toomanyaccount.
 * One address hammering an account is stopped by the first limit long before the account's, so
 * the owner still signs in from another address. `check` before verifying the password (429 with
 * Retry-After when any is over), `fail` after a wrong one.
 */
export function signinLimits(api: FastifyInstance) {
  const limits = api.radaLimits.rateLimits;
  const emails = new WeakMap<FastifyRequest, string>();
  const emailOf = (req: FastifyRequest) => emails.get(req) ?? '';
  // createRateLimit takes the plugin's `cache` too; its types leave it out.
  const limiter = (limit: RateLimit, keyGenerator: (req: FastifyRequest) => string) =>
    api.createRateLimit({ ...pluginOptions(limit), keyGenerator } as Parameters<
      FastifyInstance['createRateLimit']
    >[0]);
  const accountAddress = limiter(
    limits.signinAccountAddress,
    (req) => `${addressKey(req)}|${emailOf(req)}`,
  );
  const address = limiter(limits.signinAddress, addressKey);
  const account = limiter(limits.signinAccount, emailOf);

  return {
    async check(req: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
      emails.set(req, email);
      const [byAccountAddress, byAddress, byAccount] = await Promise.all(
        [accountAddress, address, account].map((l) => l(req, { increment: false })),
      );
      const over = [byAccountAddress, byAddress, byAccount].map((s) =>
        s && !s.isAllowed && s.remaining <= 0 ? Math.max(1, s.ttlInSeconds) : 0,
      );
      const [overAccountAddress = 0, overAddress = 0, overAccount = 0] = over;
      if (overAccountAddress || overAddress || overAccount) {
        reply.header('retry-after', String(Math.max(...over)));
        throw new AppError(
          overAccountAddress || overAddress ? 'auth.error.toomany' : 'auth.error.toomanyaccount',
          429,
        );
      }
    },
    async fail(req: FastifyRequest, email: string): Promise<void> {
      emails.set(req, email);
      await Promise.all([accountAddress(req), address(req), account(req)]);
    },
  };
}
export type SigninLimits = ReturnType<typeof signinLimits>;
