import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevaluationResult, StockView } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { signUp, uniqueEmail, signUpProven } from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { startEarveldajaStandIn } from '../test/earveldajaServer.ts';
import type { EarveldajaStandIn } from '../test/earveldajaServer.ts';

// The tool keeps nothing in the database: one dialect is enough for its routes.
const sqlite = testDialects()[0]!;
const YEAR = new Date().getFullYear() - 1;
const DATE = `${YEAR}-12-31`;
const DAY_MS = 86_400_000;

describe('the accounting stock tool', () => {
  let standIn: EarveldajaStandIn;
  let t: TestApp;
  let owner: TestUser;
  let boss: TestUser;
  let someone: TestUser;
  const ownerEmail = uniqueEmail('owner');
  const bossEmail = uniqueEmail('boss');

  beforeAll(async () => {
    standIn = await startEarveldajaStandIn({ pageSize: 2 });
    t = await buildTestApp(sqlite, {
      platformOwnerEmail: ownerEmail,
      superAdminEmails: [bossEmail],
      accounting: { url: standIn.url, ...standIn.key },
    });
    owner = await signUpProven(t, ownerEmail);
    boss = await signUpProven(t, bossEmail);
    someone = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const stock = (as: TestUser | null = owner, date = DATE) =>
    call<StockView>(t.app, 'GET', `/api/accounting/stock?date=${date}`, { as });
  const journalReads = () =>
    standIn.requests.filter((r) => r.method === 'GET' && r.path === '/v1/journals').length;

  it('is the platform owner’s only: anonymous 401, others and super admins 403', async () => {
    const body = { date: DATE, targets: [{ dimensionId: 501, target: 1 }] };
    for (const [as, status] of [
      [null, 401],
      [someone, 403],
      [boss, 403],
    ] as const) {
      const read = await stock(as);
      expect([read.status, errorOf(read)], String(as?.uid)).toEqual([
        status,
        status === 401 ? 'error.unauthorized' : 'error.forbidden',
      ]);
      const write = await call(t.app, 'POST', '/api/accounting/revaluations', { as, body });
      expect(write.status).toBe(status);
    }
    // Nobody but the owner made the stand-in book anything.
    expect(standIn.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('lists the stock accounts of account 1100 with their balances at the date', async () => {
    const res = await stock();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      date: DATE,
      accounts: [
        { accountId: 1100, dimensionId: 501, name: 'Kaardid', balance: 1250.5 },
        { accountId: 1100, dimensionId: 502, name: 'Kompassid', balance: 480.25 },
      ],
      total: 1730.75,
    });
    // Every request signed; the journals read page by page (2 a page), up to the date.
    expect(standIn.requests.every((r) => r.signed)).toBe(true);
    const pages = standIn.requests.filter((r) => r.path === '/v1/journals');
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.map((r) => r.query.page)).toEqual(pages.map((_, i) => String(i + 1)));
    expect(pages.every((r) => r.query.end_date === DATE)).toBe(true);
    // An earlier date counts fewer journals.
    const june = await stock(owner, `${YEAR}-06-01`);
    expect(june.body.accounts.map((a) => a.balance)).toEqual([1300.5, 480.25]);
  });

  it('keeps the answers for the day and reads again the next day', async () => {
    await stock();
    const before = journalReads();
    const again = await stock();
    expect(again.body.total).toBe(1730.75);
    expect(journalReads()).toBe(before);
    t.clock.t += DAY_MS;
    await stock();
    expect(journalReads()).toBeGreaterThan(before);
  });

  it('refuses a bad date, a target that is not a stock account and targets that change nothing', async () => {
    expect((await stock(owner, '2025-02-30')).status).toBe(400);
    const post = (targets: unknown) =>
      call(t.app, 'POST', '/api/accounting/revaluations', {
        as: owner,
        body: { date: DATE, targets },
      });
    const foreign = await post([{ dimensionId: 601, target: 10 }]);
    expect([foreign.status, errorOf(foreign)]).toEqual([400, 'accounting.error.unknownaccount']);
    const same = await post([
      { dimensionId: 501, target: 1250.5 },
      { dimensionId: 502, target: 480.25 },
    ]);
    expect([same.status, errorOf(same)]).toEqual([400, 'accounting.error.nochange']);
    const twice = await post([
      { dimensionId: 501, target: 1 },
      { dimensionId: 501, target: 2 },
    ]);
    expect(twice.status).toBe(400);
    expect(standIn.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('books the revaluation against 8330 in EUR, registers it and answers its number', async () => {
    const booked = standIn.journals.length;
    const res = await call<RevaluationResult>(t.app, 'POST', '/api/accounting/revaluations', {
      as: owner,
      body: {
        date: DATE,
        targets: [
          { dimensionId: 501, target: 1200 },
          { dimensionId: 502, target: 500 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const journal = standIn.journals[booked]!;
    expect(res.body).toMatchObject({
      journalId: journal.id,
      number: journal.number,
      documentNumber: '31/' + YEAR,
      date: DATE,
    });
    expect(res.body.accounts.map((a) => a.balance)).toEqual([1200, 500]);

    const created = standIn.requests.find((r) => r.method === 'POST')!;
    expect(created.path).toBe('/v1/journals');
    expect(created.signed).toBe(true);
    expect(created.body).toEqual({
      effective_date: DATE,
      document_number: `31/${YEAR}`,
      operation_type: 'ENTRY',
      title: 'Varude ümberhindlus',
      postings: [
        {
          accounts_id: 1100,
          accounts_dimensions_id: 501,
          type: 'C',
          amount: 50.5,
          base_amount: 50.5,
          cl_currencies_id: 'EUR',
        },
        {
          accounts_id: 8330,
          accounts_dimensions_id: null,
          type: 'D',
          amount: 50.5,
          base_amount: 50.5,
          cl_currencies_id: 'EUR',
        },
        {
          accounts_id: 1100,
          accounts_dimensions_id: 502,
          type: 'D',
          amount: 19.75,
          base_amount: 19.75,
          cl_currencies_id: 'EUR',
        },
        {
          accounts_id: 8330,
          accounts_dimensions_id: null,
          type: 'C',
          amount: 19.75,
          base_amount: 19.75,
          cl_currencies_id: 'EUR',
        },
      ],
    });
    const registered = standIn.requests.find((r) => r.method === 'PATCH')!;
    expect(registered.path).toBe(`/v1/journals/${journal.id}/register`);
    expect(journal.registered).toBe(true);

    // The next sync the same day shows the booking (the kept journals were dropped).
    expect((await stock()).body.accounts.map((a) => a.balance)).toEqual([1200, 500]);
  });
});

describe('the accounting stock tool, unconfigured or with a list without postings', () => {
  it('answers accounting.error.unconfigured to the owner (and 403 to others) without a key', async () => {
    const ownerEmail = uniqueEmail('owner');
    const t = await buildTestApp(sqlite, { platformOwnerEmail: ownerEmail, accounting: null });
    try {
      const owner = await signUpProven(t, ownerEmail);
      const someone = await signUp(t.app);
      const res = await call(t.app, 'GET', `/api/accounting/stock?date=${DATE}`, { as: owner });
      expect([res.status, errorOf(res)]).toEqual([503, 'accounting.error.unconfigured']);
      const other = await call(t.app, 'GET', `/api/accounting/stock?date=${DATE}`, {
        as: someone,
      });
      expect(other.status).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('reads the postings journal by journal when the list leaves them out', async () => {
    const standIn = await startEarveldajaStandIn({ listWithoutPostings: true });
    const ownerEmail = uniqueEmail('owner');
    const t = await buildTestApp(sqlite, {
      platformOwnerEmail: ownerEmail,
      accounting: { url: standIn.url, ...standIn.key },
    });
    try {
      const owner = await signUpProven(t, ownerEmail);
      const res = await call<StockView>(t.app, 'GET', `/api/accounting/stock?date=${DATE}`, {
        as: owner,
      });
      expect(res.body.total).toBe(1730.75);
      expect(standIn.requests.some((r) => /^\/v1\/journals\/\d+$/.test(r.path))).toBe(true);
    } finally {
      await t.close();
      await standIn.close();
    }
  });

  it('answers accounting.error.upstream when the API refuses the key', async () => {
    const standIn = await startEarveldajaStandIn();
    const ownerEmail = uniqueEmail('owner');
    const t = await buildTestApp(sqlite, {
      platformOwnerEmail: ownerEmail,
      accounting: { url: standIn.url, ...standIn.key, apiKeyPassword: 'wrong' },
    });
    try {
      const owner = await signUpProven(t, ownerEmail);
      const res = await call(t.app, 'GET', `/api/accounting/stock?date=${DATE}`, { as: owner });
      expect([res.status, errorOf(res)]).toEqual([502, 'accounting.error.upstream']);
      expect(standIn.requests.length).toBeGreaterThan(0);
      expect(standIn.requests.every((r) => !r.signed)).toBe(true);
    } finally {
      await t.close();
      await standIn.close();
    }
  });
});
