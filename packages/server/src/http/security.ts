import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { ServerConfig } from '../config.ts';
import { AppError } from './errors.ts';
import { oneTapProvider } from '../auth/oidcConfig.ts';

/** The settings the security headers and the Origin check read. */
export type SecurityConfig = Pick<ServerConfig, 'publicUrl' | 'allowedOrigins'> &
  Partial<Pick<ServerConfig, 'tileOrigins' | 'oidc' | 'oneTap'>>;

/**
 * The server's own origin for this request: PUBLIC_URL when configured, else the scheme and host
 * the request came with (X-Forwarded-Proto/-Host count only from TRUST_PROXY hops, which is how
 * Fastify's `protocol` and `host` read them). Null when the Host header is not a usable host.
 */
export function ownOrigin(req: FastifyRequest, config: SecurityConfig): string | null {
  if (config.publicUrl) return config.publicUrl;
  // A Host with a path, user or query is not a host; refuse rather than guess.
  if (!HOST.test(req.host)) return null;
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return null;
  }
}

/** A host name or IPv4 address or [IPv6] address, with an optional port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether a request's Origin header may open a socket: a missing Origin (a device app, the CLI
 * simulator, any non-browser client) may, a browser page may only from the server's own origin
 * or one of ALLOWED_ORIGINS.
 */
export function originAllowed(req: FastifyRequest, config: SecurityConfig): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  // Browsers send exactly scheme://host[:port], lower case, default port left out; anything else
  // ("null" from a sandboxed frame or a file, a path) is not an origin this server has.
  if (origin === ownOrigin(req, config)) return true;
  return config.allowedOrigins.includes(origin);
}

/**
 * A hook for the WebSocket routes (/listen, /api/ws): a browser page of another site is refused
 * with 403 error.badorigin before the upgrade. A socket carries the session cookie, so without
 * this any site could watch an organiser's live map or realtime updates in their name.
 */
export function originGuard(config: SecurityConfig): (req: FastifyRequest) => Promise<void> {
  return async (req) => {
    if (!originAllowed(req, config)) throw new AppError('error.badorigin', 403);
  };
}

/**
 * The Content-Security-Policy every answer carries, as the web app needs it:
 * - scripts, workers (the service worker), manifest and fonts only from this server; no frames;
 * - styles also inline: MUI/emotion insert <style> elements and Leaflet markers style attributes;
 * - images also from data: (Leaflet's and markers' icons, QR codes), blob: and any https: host,
 *   because an event's `map` setting may name its own tile servers;
 * - connections to this server, its WebSockets included, and to https: hosts (map services:
 *   Bing's and Google's session and metadata calls, and the service worker's downloads of
 *   tiles for offline use);
 * - TILE_ORIGINS (tile servers on plain http) for images and connections;
 * - nobody frames the app but itself; no plugins; <base> and forms stay on this server.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * What Google Identity Services (One Tap's prompt, docs/sign-in.md) needs, added only when One
 * Tap is on: its script, its iframe, its calls and its style sheet.
 */
export const GSI_CSP_SOURCES: Partial<Record<keyof typeof CSP_DIRECTIVES, string>> = {
  scriptSrc: 'https://accounts.google.com/gsi/client',
  styleSrc: 'https://accounts.google.com/gsi/style',
  frameSrc: 'https://accounts.google.com/gsi/',
  connectSrc: 'https://accounts.google.com/gsi/',
};

/**
 * CSP_DIRECTIVES as a header value, with connect-src naming `sockets` and tile origins as well,
 * and with `gsi` Google Identity Services' sources (frame-src then names them instead of 'none').
 */
function cspHeader(sockets: string | null, tiles: readonly string[], gsi = false): string {
  const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const google = (k: string) => (gsi ? GSI_CSP_SOURCES[k as keyof typeof CSP_DIRECTIVES] : null);
  const extra = (k: string) => [
    ...(k === 'connectSrc' && sockets ? [sockets] : []),
    ...(k === 'connectSrc' || k === 'imgSrc' ? tiles : []),
    ...(google(k) ? [google(k)] : []),
  ];
  return Object.entries(CSP_DIRECTIVES)
    .map(([k, v]) => [kebab(k), ...(k === 'frameSrc' && google(k) ? [] : v), ...extra(k)])
    .map((parts) => parts.join(' '))
    .join('; ');
}

/**
 * The CSP header of a request, built once per scheme and host: a server answers to a handful of
 * names, and building the header per answer halved the results endpoint's throughput.
 */
function cspFor(config: SecurityConfig): (req: FastifyRequest) => string {
  const cache = new Map<string, string>();
  const gsi = oneTapProvider(config) !== null;
  return (req) => {
    const key = `${req.protocol}://${req.host}`;
    let header = cache.get(key);
    if (header === undefined) {
      const origin = ownOrigin(req, config);
      // Older Safari does not count ws:/wss: of the page's own host as 'self'.
      const url = origin ? new URL(origin) : null;
      header = cspHeader(
        url && `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`,
        config.tileOrigins ?? [],
        gsi,
      );
      // Host headers are the client's to choose: never keep more than a few.
      if (cache.size >= 64) cache.clear();
      cache.set(key, header);
    }
    return header;
  };
}

/** helmet's headers but the CSP (set per host above): the same for every answer. */
const HELMET_OPTIONS = {
  // upgrade-insecure-requests is left out of CSP_DIRECTIVES: on a plain-http install (a laptop
  // at the venue) it would send every asset request to an https port that is not there.
  contentSecurityPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  // The app embeds no cross-origin documents; tiles are plain images, which COEP would block.
  crossOriginEmbedderPolicy: false,
} as const;

/** The headers helmet sets with HELMET_OPTIONS, worked out once. */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers on every answer (API, web app, errors): the CSP above, X-Content-Type-Options
 * nosniff, X-Frame-Options SAMEORIGIN, Referrer-Policy strict-origin-when-cross-origin (tile
 * servers such as OpenStreetMap's want to know the site, never the page), HSTS without
 * subdomains (browsers ignore it over plain http), and helmet's other defaults. helmet's headers
 * do not depend on the request, so they are worked out once: @fastify/helmet runs helmet's whole
 * middleware chain per answer, which cut the results endpoint's throughput to 0.52 of a bare
 * server (0.86 with the headers set once; bench resultsHttp).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: SecurityConfig,
): Promise<void> {
  const csp = cspFor(config);
  const headers = helmetHeaders();
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(headers);
    reply.header('content-security-policy', csp(req));
  });
}
