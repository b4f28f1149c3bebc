import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseConfigFromEnv } from './db/database.ts';
import type { DatabaseConfig } from './db/database.ts';

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
  /** Other browser origins allowed to open /listen and /api/ws (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
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
    allowedOrigins: list(env.ALLOWED_ORIGINS).map((o) => originOf('ALLOWED_ORIGINS', o)),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy:
      env.TRUST_PROXY === 'false' ? false : (env.TRUST_PROXY ?? 'loopback, linklocal, uniquelocal'),
  };
}
