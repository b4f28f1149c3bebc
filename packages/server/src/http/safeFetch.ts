import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './ipAddress.ts';

/**
 * Why an outbound fetch failed: `url` not http(s) or unreadable, `address` a host that is not on
 * the public internet, `toolarge` a body over the limit, `type` a refused content type, `fetch`
 * anything else (no answer, an error status, too many redirects, the time limit).
 */
export type SafeFetchFailure = 'url' | 'address' | 'toolarge' | 'type' | 'fetch';

/** A failed outbound fetch, with its reason. */
export class SafeFetchError extends Error {
  constructor(readonly reason: SafeFetchFailure) {
    super(`outbound fetch refused: ${reason}`);
  }
}

/** The addresses a host name has (dns.lookup with every address); tests give their own. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions {
  /**
   * Addresses that may be reached although they are not public: all (MAP_FETCH_ALLOW_PRIVATE, a
   * map server on the local network) or those a test names. Public addresses are always allowed.
   */
  allowPrivate?: boolean | ((address: string, port: number) => boolean);
  /** The longest body read, in bytes. */
  maxBytes: number;
  /** The time for every hop and the body together. */
  timeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** Content types refused before their body is read (`type`). */
  refuseContentType?: RegExp;
  resolve?: Resolve;
}

const defaultResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true });

/**
 * The lookup every socket of a fetch connects through: the host's addresses are resolved once,
 * here, and all of them must be allowed, so the address checked is the address connected to (a
 * name that resolves elsewhere a second time, DNS rebinding, gets no second resolution).
 */
function guardedLookup(resolve: Resolve, allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const usable = found.filter((a) => !options.family || a.family === options.family);
        if (found.some((a) => !allowed(a.address))) {
          callback(new SafeFetchError('address'), '', 0);
        } else if (usable.length === 0) {
          callback(
            Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            0,
          );
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (e: NodeJS.ErrnoException) => callback(e, '', 0),
    );
  };
}

/** One request to `url` with no redirect followed; its answer once the head has come. */
function requestOnce(
  url: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const allow = options.allowPrivate ?? false;
  const allowed = (address: string) =>
    allow === true || isPublicAddress(address) || (allow !== false && allow(address, port));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // Node calls no lookup for an address written in the URL: it is checked here (the URL parser
  // has already written decimal, octal and hex IPv4 and every IPv6 spelling in one form).
  if (isIP(host) && !allowed(host)) return Promise.reject(new SafeFetchError('address'));
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(
      url,
      {
        agent: false,
        signal,
        lookup: guardedLookup(options.resolve ?? defaultResolve, allowed),
        headers: { 'accept-encoding': 'identity', ...options.headers },
      },
      resolve,
    );
    req.on('error', (e) => reject(e instanceof SafeFetchError ? e : new SafeFetchError('fetch')));
  });
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (declared > maxBytes) {
    res.destroy();
    throw new SafeFetchError('toolarge');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        res.destroy();
        throw new SafeFetchError('toolarge');
      }
      chunks.push(chunk);
    }
  } catch (e) {
    throw e instanceof SafeFetchError ? e : new SafeFetchError('fetch');
  }
  return Buffer.concat(chunks);
}

/**
 * GETs a user-given http(s) `address` from the server, for the server's own use or the browser's:
 * every hop (at most `maxRedirects`, 5 by default, each followed here and checked again) goes
 * only to public addresses unless `allowPrivate` allows others, checked on the address the
 * socket connects to; at most `maxBytes` of body, within `timeoutMs` (10 s) in all. Answers the
 * body of a 2xx answer; throws SafeFetchError otherwise.
 */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new SafeFetchError('url');
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const maxRedirects = options.maxRedirects ?? 5;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('url');
    const res = await requestOnce(url, options, signal);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.destroy();
      if (hop >= maxRedirects) throw new SafeFetchError('fetch');
      try {
        url = new URL(location, url);
      } catch {
        throw new SafeFetchError('url');
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      throw new SafeFetchError('fetch');
    }
    if (options.refuseContentType?.test(res.headers['content-type'] ?? '')) {
      res.destroy();
      throw new SafeFetchError('type');
    }
    return readBody(res, options.maxBytes);
  }
}
