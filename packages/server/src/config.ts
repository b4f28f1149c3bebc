import path from 'node:path';
import type { S3TierConfig } from './archive/archiveStorage.ts';
import { fileURLToPath } from 'node:url';
import {
  BULK_BODY_MAX_BYTES,
  DEFAULT_SMS_COUNTRY_CODES,
  EVENT_FILE_MAX_BYTES,
  REQUEST_BODY_MAX_BYTES,
} from '@rada/core';
import { databaseConfigFromEnv } from './db/database.ts';
import type { DatabaseConfig } from './db/database.ts';
import { earveldajaConfigFromEnv } from './accounting/earveldaja.ts';
import type { EarveldajaConfig } from './accounting/earveldaja.ts';
import { oidcConfigFromEnv, oneTapFromEnv } from './auth/oidcConfig.ts';
import type { OidcProviderConfig } from './auth/oidcConfig.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every setting of the server, read once from the environment (README's configuration table). */
export interface ServerConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  webDist: string;
  providers: string[];
  signupOpen: boolean;
  /** Emails that are super admins by configuration (besides those granted with the command line). */
  superAdminEmails: string[];
  /** Email of the platform owner (manages news). */
  platformOwnerEmail: string | null;
  cookieSecure: boolean;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For is believed (proxy-addr syntax), or false for none.
   * Only trusted hops may name the client address the sign-in limit counts.
   */
  trustProxy: string | false;
  /**
   * The address people open (PUBLIC_URL), e.g. https://rada.example.org; when set, it alone is
   * the server's own origin for the WebSocket Origin check (not the request's Host).
   */
  publicUrl: string | null;
  /**
   * The SMTP server email goes through (SMTP_URL, nodemailer's form: smtp[s]://user:pass@host:port);
   * null: no email, and sign-in links and password reset by email are not offered. Links point
   * to PUBLIC_URL, so both are needed.
   */
  smtpUrl: string | null;
  /** The sender of the platform's email (MAIL_FROM). */
  mailFrom: string;
  /**
   * The HTTP SMS gateway sign-in codes go through (SMS_GATEWAY_URL: POST JSON {to, text}); null:
   * no SMS, and sign-in with a phone code is not offered.
   */
  smsGatewayUrl: string | null;
  /** Sent as `Authorization: Bearer …` to the SMS gateway (SMS_GATEWAY_TOKEN). */
  smsGatewayToken: string | null;
  /** The country codes phone numbers may have (SMS_COUNTRY_CODES), e.g. ['+372', '+1']. */
  smsCountryCodes: string[];
  /** OpenID Connect providers (OIDC_PROVIDERS, OIDC_<ID>_*; auth/oidcConfig.ts); they need PUBLIC_URL. */
  oidc: OidcProviderConfig[];
  /**
   * The id of the provider (one of `oidc`) that offers Google One Tap (OIDC_<ID>_ONE_TAP, on by
   * default for Google's issuer), or null.
   */
  oneTap: string | null;
  /** Other browser origins allowed to open /listen and /api/ws (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  /** Largest request body of most routes, in bytes (BODY_LIMIT). */
  bodyLimit: number;
  /**
   * Largest body of the routes that carry many things or long text at once (settings, news,
   * KPs in bulk, batches of marks and locations; http/limits.ts `bulkBody`), in bytes
   * (BULK_BODY_LIMIT).
   */
  bulkBodyLimit: number;
  /**
   * Largest body of the few routes that take files (event template, device upload, GPX and KP
   * import), in bytes (LARGE_BODY_LIMIT); only signed-in callers may send more than `bodyLimit`.
   */
  largeBodyLimit: number;
  /** Request rate limits per client (http/limits.ts; RATE_LIMIT_* as `count/window`). */
  rateLimits: RateLimits;
  /**
   * Open WebSockets (/api/ws and /listen together) one client address may hold
   * (MAX_SOCKETS_PER_ADDRESS; IPv6 by its /64); over it the upgrade is refused (http/sockets.ts).
   */
  maxSocketsPerAddress: number;
  /** Time a client has to send a request's headers, in ms (HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /**
   * Time a client has to send a whole request, headers and body, in ms (REQUEST_TIMEOUT_MS); long
   * enough for the largest file on a slow phone link. The answer's own time does not count.
   */
  requestTimeoutMs: number;
  /** Time an idle kept-alive connection stays open, in ms (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /**
   * On SIGTERM, how long the server goes on serving with its readiness check failing before it
   * closes, in ms (SHUTDOWN_DELAY_MS, default 0): time for a balancer that polls GET /api/ready
   * (Kubernetes, HAProxy) to stop sending it new work. nginx needs none (docs/deploy.md).
   */
  shutdownDelayMs: number;
  /**
   * Redis shared by several server processes (REDIS_URL, e.g. redis://10.0.0.5:6379): the live
   * bus, rate-limit counters and idempotency keys. Unset: all of it within this one process.
   */
  redisUrl: string | null;
  /** Prefix of every Redis key and channel (REDIS_PREFIX, default `rada:`). */
  redisPrefix: string;
  /**
   * The bearer token GET /metrics asks for (METRICS_TOKEN); null: the metrics answer callers on
   * loopback and private networks that ask the server directly (http/metrics.ts).
   */
  metricsToken: string | null;
  /** Browser keys of the commercial map layers (GOOGLE_MAPS_KEY, BING_MAPS_KEY); unset hides them. */
  mapKeys: { google: string | null; bing: string | null };
  /**
   * Origins besides https: ones that map tiles may come from (TILE_ORIGINS, e.g. a tile server
   * on the local network, http://10.0.0.7:8080): added to the page's img-src and connect-src.
   */
  tileOrigins: string[];
  /**
   * Whether the server may fetch map capabilities from loopback and private addresses
   * (MAP_FETCH_ALLOW_PRIVATE=true); off by default so the fetch cannot probe the server's network.
   */
  mapFetchAllowPrivate: boolean;
  /** The first archive tier's folder (ARCHIVE_DIR, default `archive` in DATA_DIR). */
  archiveDir: string;
  /**
   * The event maps' images and tiles (MAPS_DIR, default `maps` in DATA_DIR); several servers
   * need it on a folder they share.
   */
  mapsDir: string;
  /** The second archive tier: a folder (ARCHIVE2_DIR) or S3 (ARCHIVE2_S3_*); null for none. */
  archive2: SecondTier | null;
  /**
   * The external wheelofnames.com service (WHEELOFNAMES_API_KEY; WHEELOFNAMES_URL, default
   * https://wheelofnames.com/api/v1); no key hides it and the built-in wheel works alone.
   */
  wheelOfNames: { apiKey: string | null; url: string };
  /** The e-arveldaja accounting API of the owner's stock tool (EARVELDAJA_*); null: not set up. */
  accounting: EarveldajaConfig | null;
}

/** Where the second archive tier is. */
export type SecondTier = { kind: 'folder'; dir: string } | ({ kind: 's3' } & S3TierConfig);

/** At most `max` requests (or failures) per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Every rate limit of the server; docs/security.md explains who is counted how. */
export interface RateLimits {
  /** Failed sign-ins per account, from all addresses together (RATE_LIMIT_SIGNIN_ACCOUNT). */
  signinAccount: RateLimit;
  /** Failed sign-ins per account from one address (RATE_LIMIT_SIGNIN_ACCOUNT_ADDRESS). */
  signinAccountAddress: RateLimit;
  /** Failed sign-ins per address, whatever the account (RATE_LIMIT_SIGNIN_ADDRESS). */
  signinAddress: RateLimit;
  /** Sign-ups per address (RATE_LIMIT_SIGNUP). */
  signup: RateLimit;
  /** Join code look-ups per user, or per address when signed out (RATE_LIMIT_JOINCODE). */
  joinLookup: RateLimit;
  /** Uses of a join code (POST /join) per user or address (RATE_LIMIT_JOIN). */
  join: RateLimit;
  /** Registrations and their edits per user or address (RATE_LIMIT_REGISTRATION). */
  registration: RateLimit;
  /** Uploads and imports (device uploads, GPX, KPs, event template) per user (RATE_LIMIT_UPLOAD). */
  upload: RateLimit;
  /** Password changes per user: each checks the current password (RATE_LIMIT_PASSWORD). */
  password: RateLimit;
  /** Account requests per address: links by email and their uses, passkey sign-ins (RATE_LIMIT_ACCOUNT). */
  account: RateLimit;
  /**
   * Mails (links and notices) to one address from one asker: a client address, and a signed-in
   * user (RATE_LIMIT_MAIL_TARGET); the address's total from everyone is core's
   * MAILS_PER_ADDRESS_PER_HOUR.
   */
  mailTarget: RateLimit;
  /** SMS codes to one number asked by one address or user (RATE_LIMIT_SMS_NUMBER_REQUESTER). */
  smsNumberRequester: RateLimit;
  /** SMS codes asked by one address or user, to any numbers (RATE_LIMIT_SMS_REQUESTER). */
  smsRequester: RateLimit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of a fresh install: generous for one venue's shared address, tight for guessing. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signinAccount: { max: 50, windowMs: 15 * MINUTE },
  signinAccountAddress: { max: 10, windowMs: 15 * MINUTE },
  signinAddress: { max: 100, windowMs: 15 * MINUTE },
  // Guest accounts of the participant app are sign-ups too: a venue's phones share one address.
  signup: { max: 500, windowMs: HOUR },
  joinLookup: { max: 120, windowMs: MINUTE },
  join: { max: 20, windowMs: MINUTE },
  registration: { max: 30, windowMs: 10 * MINUTE },
  // An organiser importing every team's GPX track after the event makes hundreds in minutes.
  upload: { max: 600, windowMs: 10 * MINUTE },
  password: { max: 10, windowMs: 15 * MINUTE },
  account: { max: 60, windowMs: HOUR },
  // Per asker, so a stranger asking links for someone's address cannot spend the owner's;
  // the address's own cap over everyone (MAILS_PER_ADDRESS_PER_HOUR) bounds a flood.
  mailTarget: { max: 5, windowMs: HOUR },
  // Per asker, so a stranger cannot spend the owner's share; the number's own cap over
  // everyone (PHONE_CODES_PER_NUMBER_PER_HOUR) bounds the cost of SMS.
  smsNumberRequester: { max: 5, windowMs: HOUR },
  // A venue's phones share one address: enough for a start area signing in by SMS.
  smsRequester: { max: 50, windowMs: HOUR },
};

const RATE_LIMIT_ENV: Record<keyof RateLimits, string> = {
  signinAccount: 'RATE_LIMIT_SIGNIN_ACCOUNT',
  signinAccountAddress: 'RATE_LIMIT_SIGNIN_ACCOUNT_ADDRESS',
  signinAddress: 'RATE_LIMIT_SIGNIN_ADDRESS',
  signup: 'RATE_LIMIT_SIGNUP',
  joinLookup: 'RATE_LIMIT_JOINCODE',
  join: 'RATE_LIMIT_JOIN',
  registration: 'RATE_LIMIT_REGISTRATION',
  upload: 'RATE_LIMIT_UPLOAD',
  password: 'RATE_LIMIT_PASSWORD',
  account: 'RATE_LIMIT_ACCOUNT',
  mailTarget: 'RATE_LIMIT_MAIL_TARGET',
  smsNumberRequester: 'RATE_LIMIT_SMS_NUMBER_REQUESTER',
  smsRequester: 'RATE_LIMIT_SMS_REQUESTER',
};

const UNIT_MS: Record<string, number> = { s: 1000, m: MINUTE, h: HOUR };

/** Reads `count/window` (e.g. `10/15m`, `60/1m`, `5/30s`, `100/1h`); throws on anything else. */
export function parseRateLimit(name: string, text: string): RateLimit {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(text);
  if (!m) throw new Error(`${name} is not count/window (like 10/15m): ${text}`);
  const windowMs = Number(m[2]) * (UNIT_MS[m[3]!] ?? 0);
  if (windowMs <= 0) throw new Error(`${name} needs a window longer than zero: ${text}`);
  return { max: Number(m[1]), windowMs };
}

function rateLimitsFromEnv(env: NodeJS.ProcessEnv): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const key of Object.keys(RATE_LIMIT_ENV) as (keyof RateLimits)[]) {
    const name = RATE_LIMIT_ENV[key];
    const text = env[name];
    if (text !== undefined && text !== '') limits[key] = parseRateLimit(name, text);
  }
  return limits;
}

/** A whole number of at least `min` from env[name], else `fallback`; throws on anything else. */
function countFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} is not a number ≥ ${min}: ${text}`);
  return n;
}

/** The connection settings of the environment (http/sockets.ts); defaults in the README. */
function connectionsFromEnv(env: NodeJS.ProcessEnv) {
  // A 500-team event behind one venue or carrier (CGNAT) address: a phone or two per team, each
  // with the app's socket and the live map's, and the screens of the finish area.
  const maxSocketsPerAddress = countFromEnv(env, 'MAX_SOCKETS_PER_ADDRESS', 2000);
  const headersTimeoutMs = countFromEnv(env, 'HEADERS_TIMEOUT_MS', 20_000, 100);
  // LARGE_BODY_LIMIT's 50 MB at 1 Mbit/s takes 400 s.
  const requestTimeoutMs = countFromEnv(env, 'REQUEST_TIMEOUT_MS', 600_000, 100);
  const keepAliveTimeoutMs = countFromEnv(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 100);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new Error(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) is longer than REQUEST_TIMEOUT_MS`);
  }
  const shutdownDelayMs = countFromEnv(env, 'SHUTDOWN_DELAY_MS', 0, 0);
  return {
    maxSocketsPerAddress,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
    shutdownDelayMs,
  };
}

function bytesFromEnv(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1024) throw new Error(`${name} is not a size in bytes: ${text}`);
  return n;
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** The origin (scheme://host[:port]) of an http(s) URL; throws on anything else. */
function originOf(name: string, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${name}: not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`${name}: not an http(s) URL: ${url}`);
  }
  return parsed.origin;
}

const SUPPORTED_PROVIDERS = new Set(['password']);

/** Reads the configuration; throws on a value that cannot work. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port: ${env.PORT}`);
  const providers = list(env.AUTH_PROVIDERS ?? 'password');
  for (const p of providers) {
    if (!SUPPORTED_PROVIDERS.has(p)) throw new Error(`AUTH_PROVIDERS: unsupported provider ${p}`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    database: databaseConfigFromEnv(env),
    webDist: env.WEB_DIST ?? path.resolve(here, '../../web/dist'),
    providers,
    signupOpen: (env.SIGNUP_OPEN ?? 'true') !== 'false',
    superAdminEmails: list(env.SUPERADMIN_EMAILS),
    platformOwnerEmail: list(env.PLATFORM_OWNER_EMAIL)[0] ?? null,
    cookieSecure: env.COOKIE_SECURE === 'true',
    publicUrl: env.PUBLIC_URL ? originOf('PUBLIC_URL', env.PUBLIC_URL) : null,
    oidc: oidcConfigFromEnv(env, env.PUBLIC_URL ? originOf('PUBLIC_URL', env.PUBLIC_URL) : null),
    oneTap: oneTapFromEnv(
      env,
      oidcConfigFromEnv(env, env.PUBLIC_URL ? originOf('PUBLIC_URL', env.PUBLIC_URL) : null),
    ),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Rada <no-reply@localhost>',
    smsGatewayUrl: env.SMS_GATEWAY_URL || null,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || null,
    smsCountryCodes: env.SMS_COUNTRY_CODES
      ? list(env.SMS_COUNTRY_CODES)
      : [...DEFAULT_SMS_COUNTRY_CODES],
    allowedOrigins: list(env.ALLOWED_ORIGINS).map((o) => originOf('ALLOWED_ORIGINS', o)),
    logLevel: env.LOG_LEVEL ?? 'info',
    // Only a proxy on this host by default: trusting every private range let anyone on the LAN
    // (or in a neighbouring container) name their own address and escape the sign-in limit.
    trustProxy: env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY || 'loopback',
    bodyLimit: bytesFromEnv('BODY_LIMIT', env.BODY_LIMIT, REQUEST_BODY_MAX_BYTES),
    bulkBodyLimit: bytesFromEnv('BULK_BODY_LIMIT', env.BULK_BODY_LIMIT, BULK_BODY_MAX_BYTES),
    largeBodyLimit: bytesFromEnv('LARGE_BODY_LIMIT', env.LARGE_BODY_LIMIT, EVENT_FILE_MAX_BYTES),
    rateLimits: rateLimitsFromEnv(env),
    ...connectionsFromEnv(env),
    redisUrl: redisUrlOf(env.REDIS_URL),
    redisPrefix: env.REDIS_PREFIX ?? 'rada:',
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    mapKeys: { google: env.GOOGLE_MAPS_KEY || null, bing: env.BING_MAPS_KEY || null },
    tileOrigins: list(env.TILE_ORIGINS).map((o) => originOf('TILE_ORIGINS', o)),
    mapFetchAllowPrivate: env.MAP_FETCH_ALLOW_PRIVATE === 'true',
    archiveDir:
      env.ARCHIVE_DIR ?? path.join(env.DATA_DIR ?? path.resolve(process.cwd(), 'data'), 'archive'),
    mapsDir: path.resolve(
      env.MAPS_DIR || path.join(env.DATA_DIR ?? path.resolve(process.cwd(), 'data'), 'maps'),
    ),
    archive2: secondTierOf(env),
    accounting: earveldajaConfigFromEnv(env),
    wheelOfNames: {
      apiKey: env.WHEELOFNAMES_API_KEY || null,
      url: (env.WHEELOFNAMES_URL || 'https://wheelofnames.com/api/v1').replace(/\/+$/, ''),
    },
  };
}

/** The second archive tier of the environment: ARCHIVE2_DIR or ARCHIVE2_S3_BUCKET, not both. */
function secondTierOf(env: NodeJS.ProcessEnv): SecondTier | null {
  const dir = env.ARCHIVE2_DIR;
  const bucket = env.ARCHIVE2_S3_BUCKET;
  if (dir && bucket) throw new Error('ARCHIVE2_DIR and ARCHIVE2_S3_BUCKET: set one of them');
  if (dir) return { kind: 'folder', dir: path.resolve(dir) };
  if (!bucket) return null;
  const endpoint = env.ARCHIVE2_S3_ENDPOINT || null;
  if (endpoint !== null && !/^https?:\/\//.test(endpoint)) {
    throw new Error(`ARCHIVE2_S3_ENDPOINT: not an http(s) URL: ${endpoint}`);
  }
  const prefix = env.ARCHIVE2_S3_PREFIX ?? '';
  return {
    kind: 's3',
    bucket,
    endpoint,
    region: env.ARCHIVE2_S3_REGION || 'us-east-1',
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    accessKeyId: env.ARCHIVE2_S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.ARCHIVE2_S3_SECRET_ACCESS_KEY || null,
    // Self-hosted services (MinIO, Garage) address buckets by path; AWS by host.
    pathStyle: env.ARCHIVE2_S3_PATH_STYLE
      ? env.ARCHIVE2_S3_PATH_STYLE === 'true'
      : endpoint !== null,
  };
}

function redisUrlOf(url: string | undefined): string | null {
  if (!url) return null;
  if (!/^rediss?:\/\//.test(url)) throw new Error(`REDIS_URL: not a redis:// URL: ${url}`);
  return url;
}
