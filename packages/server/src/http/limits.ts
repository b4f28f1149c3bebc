import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RequestPayload,
  RouteShorthandOptions,
} from 'fastify';
import { errorCodes } from 'fastify';
import { Transform } from 'node:stream';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES, MAP_IMAGE_MAX_BYTES } from '@rada/core';
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
 * nesting depth and value count, and request rates. The numbers live in ServerConfig (BODY_LIMIT,
 * BULK_BODY_LIMIT, LARGE_BODY_LIMIT, RATE_LIMIT_*); routes name the limit they fall under with
 * `rateLimited`, `bulkBody`, `largeBody` and `noBody` in their route options.
 */

/** The limit settings routes read when they are declared. */
export interface LimitSettings {
  bodyLimit: number;
  bulkBodyLimit: number;
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
  interface FastifyContextConfig {
    /** The route takes no body: one is refused before it is read (`noBody`). */
    noBody?: boolean;
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
 * deep nesting and too many values before parsing, the refusal of bodies where none is taken,
 * and the settings `rateLimited`/`bulkBody`/`largeBody` read. Call before any route is added. The
 * server's default body limit is `config.bodyLimit` (Fastify option).
 */
export async function registerLimits(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'bodyLimit' | 'bulkBodyLimit' | 'largeBodyLimit' | 'rateLimits'>,
  options: LimitsOptions,
): Promise<void> {
  app.decorate('radaLimits', {
    bodyLimit: config.bodyLimit,
    bulkBodyLimit: config.bulkBodyLimit,
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

  refuseUnwantedBodies(app);

  // secure-json-parse (Fastify's parser) recurses and throws a RangeError, a 500, on deep
  // nesting; a cheap scan refuses it first, and a body of millions of small values, whose
  // parsing and checks cost the event loop seconds. Prototype poisoning stays refused by the
  // default parser.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, checkedJsonParser(app));
}

/**
 * The API's JSON body parser (registerLimits): nesting and value count checked before parsing.
 * With `emptyAs: 'none'` an empty body is no body (undefined) instead of a 400, as the tracking
 * ingest takes it (an app posts an empty JSON message); call it in that route's own scope.
 */
export function checkedJsonParser(
  app: FastifyInstance,
  { emptyAs = 'error' }: { emptyAs?: 'error' | 'none' } = {},
) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (
    req: FastifyRequest,
    body: string | Buffer,
    done: (err: Error | null, body?: unknown) => void,
  ): void => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (emptyAs === 'none' && text.trim() === '') {
      done(null, undefined);
      return;
    }
    const over = jsonShapeOver(text, JSON_MAX_DEPTH, JSON_MAX_VALUES);
    if (over) {
      done(
        over === 'depth' ? new AppError('error.toodeep', 400) : new AppError('error.toolarge', 413),
        undefined,
      );
      return;
    }
    // Fastify's default parser answers through `done` (typed as possibly a promise too).
    void parseJson(req, text, done);
  };
}

/**
 * Whether JSON `text` nests arrays and objects deeper than `maxDepth` ('depth') or holds more
 * than `maxValues` values, counted by the commas between them ('values'), or null. Brackets and
 * commas inside strings do not count; malformed text is left for the parser to refuse. One linear
 * pass without allocations, a few ms per MB.
 */
export function jsonShapeOver(
  text: string,
  maxDepth: number,
  maxValues: number,
): 'depth' | 'values' | null {
  let depth = 0;
  let commas = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i);
    } else if (c === 0x2c) {
      commas += 1;
      if (commas >= maxValues) return 'values';
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return 'depth';
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return null;
}

/**
 * The index of the quote that closes the JSON string opening at `start` (text.length when none):
 * indexOf runs at native speed over a long string, where a loop over its characters took 13 ms
 * per MB. A quote after an odd number of backslashes is escaped.
 */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}

/** Whether JSON `text` nests arrays and objects deeper than `max` (see jsonShapeOver). */
export const jsonDepthOver = (text: string, max: number): boolean =>
  jsonShapeOver(text, max, Infinity) === 'depth';

/** Whether a request comes with a body: a length above 0, or chunks of unknown length. */
const hasBody = (req: FastifyRequest): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Methods whose routes take no body unless they say so (`bodyLimit` in their options). */
const BODYLESS_BY_DEFAULT = new Set(['DELETE', 'OPTIONS']);

/**
 * Routes that take no body refuse one with 413 error.toolarge in onRequest, before it is read,
 * parsed or checked (and before the session look-up): unknown paths (404s), routes declared
 * with `noBody` (the API's catch-all), and DELETE and OPTIONS routes that do not name a
 * `bodyLimit`. GET and HEAD bodies Fastify never reads.
 */
function refuseUnwantedBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.bodyLimit === undefined && methods.every((m) => BODYLESS_BY_DEFAULT.has(m))) {
      route.config = { ...route.config, noBody: true };
    }
  });
  app.addHook('onRequest', async (req) => {
    if (hasBody(req) && (req.is404 || req.routeOptions.config.noBody)) {
      throw new AppError('error.toolarge', 413);
    }
  });
}

/** Route options of a route that takes no body whatever its method (the API's catch-all). */
export const noBody = { config: { noBody: true } };

/**
 * Route options of a route that takes a larger JSON body than most (up to BULK_BODY_LIMIT):
 * long rich text, many KPs, print items or start times at once, batches of marks or locations.
 * Only from a signed-in caller, as `largeBody`; the route's service checks permissions as always.
 */
export function bulkBody(api: FastifyInstance): BiggerBody {
  return biggerBody(api, api.radaLimits.bulkBodyLimit, 'user');
}

/** Route options of a route that takes a body, which its method alone would not say (DELETE). */
export function takesBody(api: FastifyInstance): Pick<RouteShorthandOptions, 'bodyLimit'> {
  return { bodyLimit: api.radaLimits.bodyLimit };
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
export function largeBody(api: FastifyInstance, who: LargeBodySender = 'user'): BiggerBody {
  return biggerBody(api, api.radaLimits.largeBodyLimit, who);
}

/**
 * Route options of the map image upload (POST /api/events/:id/maps): a file up to core's
 * MAP_IMAGE_MAX_BYTES (an image of 100+ megapixels, or a KMZ), from the event's admins only.
 * The route's parser streams it to disk (mapImages/), so it is never held in memory.
 */
export function mapImageBody(api: FastifyInstance): BiggerBody {
  return biggerBody(api, MAP_IMAGE_MAX_BYTES, 'eventAdmin');
}

/** Route options of `largeBody` and `bulkBody`; a route's own preParsing may call this one's. */
export interface BiggerBody {
  bodyLimit: number;
  onRequest: (req: FastifyRequest) => Promise<void>;
  preParsing: (
    req: FastifyRequest,
    reply: FastifyReply,
    payload: RequestPayload,
  ) => Promise<RequestPayload>;
}

/** Bodies up to `limit` from callers of the kind `who`, the ordinary limit for anyone else. */
function biggerBody(api: FastifyInstance, limit: number, who: LargeBodySender): BiggerBody {
  const { bodyLimit, isEventAdmin, isDeviceOwner } = api.radaLimits;
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
    bodyLimit: Math.max(bodyLimit, limit),
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
