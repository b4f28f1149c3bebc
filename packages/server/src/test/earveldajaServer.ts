import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { EarvJournal, EarvPosting } from '@rada/core';

/**
 * A stand-in e-arveldaja (e-Financials) API for tests, a real HTTP server under `/v1`. Like the
 * real one it refuses (401) any request whose `X-AUTH-QUERYTIME` is not UTC
 * `YYYY-MM-DDTHH:mm:ss` within five minutes of now, or whose `X-AUTH-KEY` is not
 * `{public}:{base64 HMAC-SHA384 of "{id}:{querytime}:{path}" keyed with the password}` (path with
 * /v1, without the query); it checks the signature itself, with node:crypto, not with Rada's
 * code. It serves paged lists (`pageSize` items a page; `page`, `modified_since`, `start_date`,
 * `end_date`), one journal, and POST/PATCH of journals, kept in `journals`, so a booked journal
 * changes what the next read sums. `requests` lists every request, newest last.
 */
export interface EarveldajaStandIn {
  /** Base URL with /v1, as EARVELDAJA_URL. */
  url: string;
  key: StandInKey;
  journals: StandInJournal[];
  requests: StandInRequest[];
  close(): Promise<void>;
}

export interface StandInKey {
  apiKeyId: string;
  apiKeyPublic: string;
  apiKeyPassword: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: { key: string | undefined; querytime: string | undefined };
  /** Whether the signature and querytime were right. */
  signed: boolean;
  body: unknown;
}

export type StandInJournal = EarvJournal & { id: number; modified: number };

export interface StandInOptions {
  key?: Partial<StandInKey>;
  pageSize?: number;
  /** The journal list leaves postings out (GET /journals/{id} has them), as the real one may. */
  listWithoutPostings?: boolean;
  /** The books to start from; the default has two stock dimensions with balances. */
  journals?: EarvJournal[];
  /** Each answer waits this long (a slow API, for progress indicators). */
  delayMs?: number;
}

/** The stand-in's chart: stock 1100 with two dimensions, the bank, the balancing 8330. */
export const STAND_IN_ACCOUNTS = [
  { id: 1000, name_est: 'Kassa', name_eng: 'Cash' },
  { id: 1020, name_est: 'Pangakontod', name_eng: 'Bank accounts' },
  { id: 1100, name_est: 'Kaubad', name_eng: 'Goods' },
  { id: 1200, name_est: 'Nõuded ostjate vastu', name_eng: 'Receivables' },
  { id: 2000, name_est: 'Võlad tarnijatele', name_eng: 'Payables' },
  { id: 3000, name_est: 'Müügitulu', name_eng: 'Revenue' },
  { id: 8330, name_est: 'Muud finantstulud ja -kulud', name_eng: 'Other financial items' },
];
export const STAND_IN_DIMENSIONS = [
  { id: 501, accounts_id: 1100, title_est: 'Kaardid', title_eng: 'Maps' },
  { id: 502, accounts_id: 1100, title_est: 'Kompassid', title_eng: 'Compasses' },
  { id: 503, accounts_id: 1100, title_est: 'Vana ladu', is_deleted: true },
  { id: 601, accounts_id: 1020, title_est: 'LHV' },
];

const post = (
  accounts_id: number,
  accounts_dimensions_id: number | null,
  type: 'D' | 'C',
  amount: number,
): EarvPosting => ({
  accounts_id,
  accounts_dimensions_id,
  type,
  amount,
  base_amount: amount,
  cl_currencies_id: 'EUR',
});

/**
 * The default books: maps 1250.50 and compasses 480.25 on 31.12 of `year` (a purchase, a sale
 * and smaller moves over more journals than one page holds), plus entries that must not count
 * (unregistered, deleted, the next year).
 */
export function standInJournals(year: number): EarvJournal[] {
  const j = (date: string, postings: EarvPosting[], extra: Partial<EarvJournal> = {}) => ({
    effective_date: date,
    registered: true,
    operation_type: 'ENTRY',
    postings,
    ...extra,
  });
  return [
    j(`${year}-01-10`, [post(1100, 501, 'D', 1000), post(2000, null, 'C', 1000)]),
    j(`${year}-02-11`, [post(1100, 502, 'D', 600), post(1020, 601, 'C', 600)]),
    j(`${year}-03-12`, [post(1100, 501, 'D', 300.5), post(2000, null, 'C', 300.5)]),
    j(`${year}-04-13`, [post(1200, null, 'D', 90), post(3000, null, 'C', 90)]),
    j(`${year}-05-14`, [post(1100, 502, 'C', 119.75), post(1020, 601, 'D', 119.75)]),
    j(`${year}-06-15`, [post(1100, 501, 'C', 50), post(1020, 601, 'D', 50)]),
    j(`${year}-07-16`, [post(1100, 501, 'D', 999), post(2000, null, 'C', 999)], {
      registered: false,
    }),
    j(`${year}-08-17`, [post(1100, 502, 'D', 999), post(2000, null, 'C', 999)], {
      is_deleted: true,
    }),
    j(`${year + 1}-01-05`, [post(1100, 501, 'D', 77), post(2000, null, 'C', 77)]),
  ];
}

/** Each list's items besides journals (clients, bank accounts, ... for the client's reads). */
const OTHER_LISTS: Record<
  string,
  ({ modified: number; date?: string } & Record<string, unknown>)[]
> = {
  accounts: STAND_IN_ACCOUNTS.map((a) => ({ ...a, modified: 0 })),
  account_dimensions: STAND_IN_DIMENSIONS.map((d) => ({ ...d, modified: 0 })),
  clients: [
    { id: 1, name: 'Orienteerumisklubi', modified: Date.UTC(2024, 0, 1) },
    { id: 2, name: 'Kaardikeskus OÜ', modified: Date.UTC(2025, 5, 1) },
  ],
  transactions: [
    { id: 31, date: '2025-02-11', amount: 600, modified: Date.UTC(2025, 1, 11) },
    { id: 32, date: '2025-05-14', amount: 119.75, modified: Date.UTC(2025, 4, 14) },
  ],
  purchase_invoices: [{ id: 41, number: 'A-1', modified: Date.UTC(2025, 0, 10) }],
  bank_accounts: [{ id: 51, account_name_est: 'LHV', accounts_dimensions_id: 601, modified: 0 }],
};

const QUERYTIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const MAX_SKEW_MS = 5 * 60_000;

/** Whether the request's two auth headers are right for `path`. */
function verify(key: StandInKey, path: string, auth?: string, querytime?: string): boolean {
  if (!querytime || !QUERYTIME.test(querytime)) return false;
  const at = Date.parse(`${querytime}Z`);
  if (!Number.isFinite(at) || Math.abs(at - Date.now()) > MAX_SKEW_MS) return false;
  if (!auth) return false;
  const colon = auth.indexOf(':');
  if (colon < 0 || auth.slice(0, colon) !== key.apiKeyPublic) return false;
  const expected = createHmac('sha384', key.apiKeyPassword)
    .update(`${key.apiKeyId}:${querytime}:${path}`)
    .digest();
  const given = Buffer.from(auth.slice(colon + 1), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether a journal's debits equal its credits (the real API refuses others). */
function balanced(postings: EarvPosting[]): boolean {
  let cents = 0;
  for (const p of postings) {
    const amount = Math.round(p.amount * 100);
    cents += p.type === 'D' ? amount : -amount;
  }
  return cents === 0;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startEarveldajaStandIn(
  options: StandInOptions = {},
): Promise<EarveldajaStandIn> {
  const key: StandInKey = {
    apiKeyId: 'stand-in-key-id',
    apiKeyPublic: 'stand-in-public',
    apiKeyPassword: 'stand-in-password',
    ...options.key,
  };
  const pageSize = options.pageSize ?? 3;
  const requests: StandInRequest[] = [];
  let nextId = 1000;
  let nextNumber = 1;
  let nextPosting = 1;
  const journals: StandInJournal[] = [];
  const keep = (j: EarvJournal): StandInJournal => {
    const kept: StandInJournal = {
      ...j,
      id: nextId++,
      number: nextNumber++,
      is_deleted: j.is_deleted ?? false,
      modified: Date.now(),
      postings: (j.postings ?? []).map((p) => ({ ...p, id: nextPosting++ })),
    };
    journals.push(kept);
    return kept;
  };
  for (const j of options.journals ?? standInJournals(new Date().getFullYear() - 1)) keep(j);

  const outside = ({ modified, ...rest }: StandInJournal | { modified: number }) => {
    void modified;
    return rest;
  };

  function list(name: string, query: Record<string, string>) {
    let items: { modified: number; date?: string; effective_date?: string }[] =
      name === 'journals' ? journals : (OTHER_LISTS[name] ?? []);
    if (query.modified_since) {
      const since = Date.parse(query.modified_since);
      items = items.filter((i) => i.modified >= since);
    }
    const dateOf = (i: { date?: string; effective_date?: string }) =>
      (i.effective_date ?? i.date ?? '').slice(0, 10);
    if (query.start_date) items = items.filter((i) => dateOf(i) >= query.start_date!);
    if (query.end_date) items = items.filter((i) => dateOf(i) <= query.end_date!);
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
    return {
      current_page: page,
      total_pages: totalPages,
      items: items.slice((page - 1) * pageSize, page * pageSize).map((i) => {
        const out = outside(i as StandInJournal) as Partial<EarvJournal>;
        if (name === 'journals' && options.listWithoutPostings) delete out.postings;
        return out;
      }),
    };
  }

  function route(method: string, path: string, query: Record<string, string>, body: unknown) {
    const m = /^\/v1\/([a-z_]+)(?:\/(\d+))?(?:\/(register))?$/.exec(path);
    if (!m) return { status: 404, body: { code: 404, messages: ['Not found'] } };
    const [, name, idText, action] = m;
    if (method === 'GET' && !idText && (name === 'journals' || name! in OTHER_LISTS)) {
      return { status: 200, body: list(name!, query) };
    }
    if (name !== 'journals') return { status: 404, body: { code: 404, messages: ['Not found'] } };
    if (method === 'POST' && !idText) {
      const j = body as EarvJournal | undefined;
      if (!j || typeof j.effective_date !== 'string' || !Array.isArray(j.postings)) {
        return { status: 400, body: { code: 400, messages: ['Invalid journal'] } };
      }
      if (!balanced(j.postings)) {
        return { status: 400, body: { code: 400, messages: ['Debit and credit differ'] } };
      }
      const kept = keep({ ...j, registered: false });
      return { status: 200, body: { code: 200, created_object_id: kept.id, messages: [] } };
    }
    const journal = journals.find((j) => j.id === Number(idText));
    if (!journal) return { status: 404, body: { code: 404, messages: ['No such journal'] } };
    if (method === 'GET' && !action) return { status: 200, body: outside(journal) };
    if (method === 'PATCH' && action === 'register') {
      journal.registered = true;
      journal.modified = Date.now();
      return { status: 200, body: { code: 200, messages: [] } };
    }
    if (method === 'PATCH' && !action) {
      Object.assign(journal, body as object, { id: journal.id, modified: Date.now() });
      return { status: 200, body: { code: 200, messages: [] } };
    }
    return { status: 405, body: { code: 405, messages: ['Method not allowed'] } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const query = Object.fromEntries(url.searchParams);
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const auth = req.headers['x-auth-key'] as string | undefined;
      const querytime = req.headers['x-auth-querytime'] as string | undefined;
      const signed = verify(key, url.pathname, auth, querytime);
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query,
        headers: { key: auth, querytime },
        signed,
        body,
      });
      const answer = signed
        ? route(req.method ?? '', url.pathname, query, body)
        : { status: 401, body: { code: 401, messages: ['Unauthorized'] } };
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      }, options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    key,
    journals,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
