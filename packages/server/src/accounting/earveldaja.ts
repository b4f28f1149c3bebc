/**
 * A client of the e-arveldaja (RIK e-Financials) REST API, the accounting API of the platform
 * owner's stock tool (spec 02 §7). Only the server holds the keys; the browser talks to Rada.
 *
 * What the API expects, as found in the public clients of it (RIK's e-Financials PHP client
 * `e-financials/php-client`, aanndryyyy/e-financials-php-api, iseppo/e-arveldaja-mcp):
 * - Base URLs https://rmp-api.rik.ee/v1 (live) and https://demo-rmp-api.rik.ee/v1 (demo); the
 *   configured URL includes the `/v1`.
 * - Every request carries `X-AUTH-QUERYTIME: YYYY-MM-DDTHH:mm:ss` (UTC, no zone, no fraction) and
 *   `X-AUTH-KEY: {apiKeyPublic}:{signature}`, the signature being base64 of HMAC-SHA384 over
 *   `{apiKeyId}:{querytime}:{path}` keyed with the key's password. The signed path is the URL's
 *   path with the `/v1` (`/v1/journals`) and without the query string.
 * - Lists are paged: `page` (from 1), and `modified_since`, `start_date`, `end_date` filters;
 *   answers `{current_page, total_pages, items}`. The journal list may leave out a journal's
 *   postings; then GET /journals/{id} has them.
 * - Writes answer `{code, created_object_id?, messages}`; a new journal is a draft until
 *   PATCH /journals/{id}/register; its `number` is given by e-arveldaja.
 * Assumed (not verifiable without an account): `modified_since` as an ISO date-time, dates as
 * YYYY-MM-DD, a refused signature answers 401.
 */
import { createHmac } from 'node:crypto';
import type { EarvJournal } from '@rada/core';
import { AppError } from '../http/errors.ts';

/** The API's address and key (EARVELDAJA_* environment variables). */
export interface EarveldajaConfig {
  /** Base URL with the version, e.g. https://rmp-api.rik.ee/v1. */
  url: string;
  apiKeyId: string;
  apiKeyPublic: string;
  apiKeyPassword: string;
}

/** The live API's address, used when EARVELDAJA_URL is not set. */
export const EARVELDAJA_LIVE_URL = 'https://rmp-api.rik.ee/v1';

/**
 * The accounting API's configuration from the environment: null when no key is set; throws when
 * only part of the key is (a half-configured tool would fail only when first used).
 */
export function earveldajaConfigFromEnv(env: NodeJS.ProcessEnv): EarveldajaConfig | null {
  const apiKeyId = env.EARVELDAJA_API_KEY_ID || '';
  const apiKeyPublic = env.EARVELDAJA_API_KEY_PUBLIC || '';
  const apiKeyPassword = env.EARVELDAJA_API_KEY_PASSWORD || '';
  const set = [apiKeyId, apiKeyPublic, apiKeyPassword].filter(Boolean).length;
  if (set === 0) return null;
  if (set < 3) {
    throw new Error(
      'EARVELDAJA_API_KEY_ID, EARVELDAJA_API_KEY_PUBLIC and EARVELDAJA_API_KEY_PASSWORD: set all three',
    );
  }
  const url = (env.EARVELDAJA_URL || EARVELDAJA_LIVE_URL).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) throw new Error(`EARVELDAJA_URL: not an http(s) URL: ${url}`);
  return { url, apiKeyId, apiKeyPublic, apiKeyPassword };
}

/** `X-AUTH-QUERYTIME` of a moment: UTC `YYYY-MM-DDTHH:mm:ss`. */
export const queryTime = (ms: number): string => new Date(ms).toISOString().slice(0, 19);

/** The request signature: base64 HMAC-SHA384 of `{apiKeyId}:{querytime}:{path}`. */
export function signature(
  apiKeyId: string,
  password: string,
  querytime: string,
  path: string,
): string {
  return createHmac('sha384', password).update(`${apiKeyId}:${querytime}:${path}`).digest('base64');
}

/** The two authentication headers of a request to `path` (with /v1, without the query). */
export function authHeaders(
  config: EarveldajaConfig,
  path: string,
  now: number,
): { 'X-AUTH-KEY': string; 'X-AUTH-QUERYTIME': string } {
  const querytime = queryTime(now);
  const sig = signature(config.apiKeyId, config.apiKeyPassword, querytime, path);
  return { 'X-AUTH-KEY': `${config.apiKeyPublic}:${sig}`, 'X-AUTH-QUERYTIME': querytime };
}

/** The paged lists the tool may read (spec 02 §7). */
export const EARVELDAJA_LISTS = [
  'clients',
  'transactions',
  'journals',
  'purchase_invoices',
  'accounts',
  'account_dimensions',
  'bank_accounts',
] as const;
export type EarveldajaList = (typeof EARVELDAJA_LISTS)[number];

/** A list's filters (besides the page). */
export interface ListFilters {
  modified_since?: string;
  start_date?: string;
  end_date?: string;
}

/** One page of a list. */
export interface Page<T> {
  current_page: number;
  total_pages: number;
  items: T[];
}

/** A write's answer. */
export interface WriteAnswer {
  code: number;
  created_object_id?: number;
  messages?: string[];
}

/** Most pages one list may have: far beyond a small company's books, short of a runaway loop. */
const MAX_PAGES = 1000;
const TIMEOUT_MS = 30_000;

/** The refusal every failed call becomes: the owner sees it translated, the log has the rest. */
function upstream(detail: string): AppError {
  return new AppError('accounting.error.upstream', 502, undefined, `e-arveldaja: ${detail}`);
}

/**
 * The API's calls, each signed afresh. `fetchFn` and `clock` are for tests (the querytime is
 * the real time: the API refuses stale ones).
 */
export function earveldajaClient(
  config: EarveldajaConfig,
  { fetchFn = fetch, clock = Date.now }: { fetchFn?: typeof fetch; clock?: () => number } = {},
) {
  const base = new URL(config.url.endsWith('/') ? config.url : `${config.url}/`);

  async function call<T>(
    method: 'GET' | 'POST' | 'PATCH',
    resource: string,
    query: Record<string, string | number | undefined> = {},
    body?: unknown,
  ): Promise<T> {
    const url = new URL(resource.replace(/^\//, ''), base);
    for (const [k, v] of Object.entries(query)) {
      if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = {
      ...authHeaders(config, url.pathname, clock()),
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchFn(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw upstream(`${method} ${url.pathname}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      throw upstream(`${method} ${url.pathname}: ${response.status}, not JSON`);
    }
    if (!response.ok) {
      const messages = (parsed as { messages?: unknown } | undefined)?.messages;
      const said = Array.isArray(messages) ? `: ${messages.join('; ')}` : '';
      throw upstream(`${method} ${url.pathname}: ${response.status}${said}`);
    }
    return parsed as T;
  }

  /** Every item of a paged list, page after page until `total_pages`. */
  async function listAll<T>(list: EarveldajaList, filters: ListFilters = {}): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await call<Page<T>>('GET', list, { ...filters, page });
      if (!answer || !Array.isArray(answer.items)) throw upstream(`GET ${list}: no items`);
      items.push(...answer.items);
      const total = Number(answer.total_pages);
      if (!(page < total)) return items;
      if (page >= MAX_PAGES) throw upstream(`GET ${list}: more than ${MAX_PAGES} pages`);
    }
  }

  return {
    listAll,
    /** One journal with its postings. */
    journal: (id: number) => call<EarvJournal>('GET', `journals/${id}`),
    /** Creates a journal (a draft until registered); answers its id. */
    async createJournal(journal: unknown): Promise<number> {
      const answer = await call<WriteAnswer>('POST', 'journals', {}, journal);
      const id = answer?.created_object_id;
      if (typeof id !== 'number') throw upstream('POST journals: no created_object_id');
      return id;
    },
    /** Changes a journal's fields. */
    patchJournal: (id: number, fields: unknown) =>
      call<WriteAnswer>('PATCH', `journals/${id}`, {}, fields),
    /** Registers (confirms) a journal, so it counts in the books. */
    registerJournal: (id: number) => call<WriteAnswer>('PATCH', `journals/${id}/register`, {}, {}),
  };
}

export type EarveldajaClient = ReturnType<typeof earveldajaClient>;
