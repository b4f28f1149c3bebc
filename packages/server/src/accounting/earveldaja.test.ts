import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { startEarveldajaStandIn } from '../test/earveldajaServer.ts';
import type { EarveldajaStandIn } from '../test/earveldajaServer.ts';
import { authHeaders, earveldajaClient, queryTime, signature } from './earveldaja.ts';
import { dayCache, localDay } from './dayCache.ts';

const KEY = { apiKeyId: 'key-id-7', apiKeyPublic: 'public-7', apiKeyPassword: 'pass-7' };

describe('request signing', () => {
  it('signs {id}:{querytime}:{path} with HMAC-SHA384 of the password, in base64', () => {
    // Computed on its own, the way e-arveldaja documents it, for a fixed time.
    const expected = createHmac('sha384', 'pass-7')
      .update('key-id-7:2026-01-02T03:04:05:/v1/journals')
      .digest('base64');
    expect(signature('key-id-7', 'pass-7', '2026-01-02T03:04:05', '/v1/journals')).toBe(expected);
    // A fixed vector (from `openssl dgst -sha384 -hmac pass-7 -binary | base64`), so a change of
    // algorithm or encoding shows even if both sides of the test change.
    expect(expected).toBe('q5+9aRWTb7PuTzluaLkusIfpBZboUzWSTEkCPQSoUdlNoEHSYTseQPFROJ8v1+7b');
    expect(Buffer.from(expected, 'base64')).toHaveLength(48);
  });

  it('sends X-AUTH-KEY as public:signature and X-AUTH-QUERYTIME as UTC without zone', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    expect(queryTime(at)).toBe('2026-01-02T03:04:05');
    const headers = authHeaders({ url: 'x', ...KEY }, '/v1/accounts', at);
    expect(headers['X-AUTH-QUERYTIME']).toBe('2026-01-02T03:04:05');
    expect(headers['X-AUTH-KEY']).toBe(
      `public-7:${createHmac('sha384', 'pass-7').update('key-id-7:2026-01-02T03:04:05:/v1/accounts').digest('base64')}`,
    );
  });
});

describe('the client against the stand-in API', () => {
  let standIn: EarveldajaStandIn;
  beforeAll(async () => {
    standIn = await startEarveldajaStandIn({ key: KEY, pageSize: 2 });
  });
  afterAll(() => standIn.close());
  const client = () => earveldajaClient({ url: standIn.url, ...KEY });

  it('reads every page of a list, signing the path with /v1 and without the query', async () => {
    standIn.requests.length = 0;
    const journals = await client().listAll('journals');
    expect(journals).toHaveLength(standIn.journals.length);
    expect(journals.map((j) => (j as { id: number }).id)).toEqual(
      standIn.journals.map((j) => j.id),
    );
    const pages = Math.ceil(standIn.journals.length / 2);
    expect(standIn.requests.map((r) => [r.method, r.path, r.query.page, r.signed])).toEqual(
      Array.from({ length: pages }, (_, i) => ['GET', '/v1/journals', String(i + 1), true]),
    );
    for (const r of standIn.requests) {
      expect(r.headers.querytime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(r.headers.key).toMatch(/^public-7:[A-Za-z0-9+/]{64}$/);
    }
  });

  it('passes the filters and reads each of the lists the tool uses', async () => {
    standIn.requests.length = 0;
    const year = new Date().getFullYear() - 1;
    const some = await client().listAll<{ effective_date: string }>('journals', {
      start_date: `${year}-03-01`,
      end_date: `${year}-06-30`,
    });
    expect(some.map((j) => j.effective_date)).toEqual([
      `${year}-03-12`,
      `${year}-04-13`,
      `${year}-05-14`,
      `${year}-06-15`,
    ]);
    expect(standIn.requests[0]!.query).toEqual({
      start_date: `${year}-03-01`,
      end_date: `${year}-06-30`,
      page: '1',
    });
    const since = await client().listAll('clients', { modified_since: '2025-01-01T00:00:00' });
    expect(since).toHaveLength(1);
    for (const list of [
      'clients',
      'transactions',
      'purchase_invoices',
      'accounts',
      'account_dimensions',
      'bank_accounts',
    ] as const) {
      expect((await client().listAll(list)).length, list).toBeGreaterThan(0);
    }
  });

  it('creates, changes and registers a journal', async () => {
    const api = client();
    const id = await api.createJournal({
      effective_date: '2025-12-31',
      title: 'Test',
      postings: [
        { accounts_id: 1100, accounts_dimensions_id: 501, type: 'D', amount: 1 },
        { accounts_id: 8330, type: 'C', amount: 1 },
      ],
    });
    expect((await api.journal(id)).registered).toBe(false);
    await api.patchJournal(id, { title: 'Changed' });
    await api.registerJournal(id);
    const read = await api.journal(id);
    expect(read).toMatchObject({ id, title: 'Changed', registered: true });
    expect(typeof read.number).toBe('number');
    const writes = standIn.requests.filter((r) => r.method !== 'GET').map((r) => r.path);
    expect(writes.slice(-3)).toEqual([
      '/v1/journals',
      `/v1/journals/${id}`,
      `/v1/journals/${id}/register`,
    ]);
  });

  it('is refused (401) with a wrong password or a badly formed querytime', async () => {
    const wrong = earveldajaClient({ url: standIn.url, ...KEY, apiKeyPassword: 'guess' });
    const refused = await wrong.listAll('accounts').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ key: 'accounting.error.upstream', status: 502 });
    expect((refused as Error).message).toContain('401');
    expect(standIn.requests.at(-1)!.signed).toBe(false);

    // The right signature over a querytime in another form (with milliseconds and a zone).
    const iso = new Date().toISOString();
    const sig = signature(KEY.apiKeyId, KEY.apiKeyPassword, iso, '/v1/accounts');
    const res = await fetch(`${standIn.url}/accounts`, {
      headers: { 'X-AUTH-KEY': `${KEY.apiKeyPublic}:${sig}`, 'X-AUTH-QUERYTIME': iso },
    });
    expect(res.status).toBe(401);
    // The same with the query string signed too: not what the API signs.
    const qt = queryTime(Date.now());
    const withQuery = signature(KEY.apiKeyId, KEY.apiKeyPassword, qt, '/v1/accounts?page=1');
    const res2 = await fetch(`${standIn.url}/accounts?page=1`, {
      headers: { 'X-AUTH-KEY': `${KEY.apiKeyPublic}:${withQuery}`, 'X-AUTH-QUERYTIME': qt },
    });
    expect(res2.status).toBe(401);
    // A stale querytime (an hour old) is refused even when signed right.
    const old = queryTime(Date.now() - 3_600_000);
    const res3 = await fetch(`${standIn.url}/accounts`, {
      headers: {
        'X-AUTH-KEY': `${KEY.apiKeyPublic}:${signature(KEY.apiKeyId, KEY.apiKeyPassword, old, '/v1/accounts')}`,
        'X-AUTH-QUERYTIME': old,
      },
    });
    expect(res3.status).toBe(401);
  });

  it('answers a clear error when the API cannot be reached', async () => {
    const gone = earveldajaClient({ url: 'http://127.0.0.1:1/v1', ...KEY });
    await expect(gone.listAll('accounts')).rejects.toMatchObject({
      key: 'accounting.error.upstream',
    });
  });
});

describe('the day cache', () => {
  it('keeps a value for the rest of the day and loads again the next day', async () => {
    const clock = { t: new Date(2026, 4, 10, 8, 0).getTime() };
    const cache = dayCache(() => clock.t);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cache.get('a', load)).toBe(1);
    clock.t = new Date(2026, 4, 10, 23, 59).getTime();
    expect(await cache.get('a', load)).toBe(1);
    clock.t = new Date(2026, 4, 11, 0, 1).getTime();
    expect(await cache.get('a', load)).toBe(2);
    cache.drop('a');
    expect(await cache.get('a', load)).toBe(3);
    expect(localDay(clock.t)).toBe('2026-05-11');
  });

  it('loads once for callers at the same time and forgets a failure', async () => {
    const cache = dayCache(() => Date.now());
    let loads = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 10));
    expect(await Promise.all([cache.get('b', slow), cache.get('b', slow)])).toEqual([1, 1]);
    await expect(cache.get('c', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('c', () => Promise.resolve('up'))).toBe('up');
  });
});

describe('configuration', () => {
  it('reads the key from the environment, all parts or none', () => {
    expect(loadConfig({}).accounting).toBe(null);
    expect(
      loadConfig({
        EARVELDAJA_API_KEY_ID: 'i',
        EARVELDAJA_API_KEY_PUBLIC: 'p',
        EARVELDAJA_API_KEY_PASSWORD: 's',
      }).accounting,
    ).toEqual({
      url: 'https://rmp-api.rik.ee/v1',
      apiKeyId: 'i',
      apiKeyPublic: 'p',
      apiKeyPassword: 's',
    });
    expect(
      loadConfig({
        EARVELDAJA_URL: 'https://demo-rmp-api.rik.ee/v1/',
        EARVELDAJA_API_KEY_ID: 'i',
        EARVELDAJA_API_KEY_PUBLIC: 'p',
        EARVELDAJA_API_KEY_PASSWORD: 's',
      }).accounting?.url,
    ).toBe('https://demo-rmp-api.rik.ee/v1');
    expect(() => loadConfig({ EARVELDAJA_API_KEY_ID: 'i' })).toThrow(/set all three/);
  });
});
