import { describe, expect, it } from 'vitest';
import {
  RevaluationBody,
  StockQuery,
  defaultRevaluationDate,
  revaluationDocumentNumber,
  revaluationJournal,
  stockBalances,
} from './accounting.ts';
import type { EarvJournal } from './accounting.ts';

const accounts = [
  { id: 1100, name_est: 'Kaubad' },
  { id: 8330, name_est: 'Muud finantstulud ja -kulud' },
];
const dimensions = [
  { id: 12, accounts_id: 1100, title_est: 'Kaardid' },
  { id: 11, accounts_id: 1100, title_est: 'Kompassid' },
  { id: 13, accounts_id: 1100, title_est: 'Vana ladu', is_deleted: true },
  { id: 40, accounts_id: 1020, title_est: 'Pank' },
];
const posting = (dim: number | null, type: 'D' | 'C', amount: number, accounts_id = 1100) => ({
  accounts_id,
  accounts_dimensions_id: dim,
  type,
  amount,
});
const journals: EarvJournal[] = [
  {
    effective_date: '2025-03-01',
    registered: true,
    postings: [posting(11, 'D', 100.1), posting(12, 'D', 0.2), posting(40, 'C', 100.3, 1020)],
  },
  // 0.1 + 0.2 in cents: no floating-point residue.
  { effective_date: '2025-06-01', registered: true, postings: [posting(12, 'D', 0.1)] },
  { effective_date: '2025-07-01', registered: true, postings: [posting(11, 'C', 30)] },
  // Not counted: after the date, unregistered, deleted, a deleted posting.
  { effective_date: '2026-01-01', registered: true, postings: [posting(11, 'D', 1000)] },
  { effective_date: '2025-05-01', registered: false, postings: [posting(11, 'D', 1000)] },
  { effective_date: '2025-05-01', is_deleted: true, postings: [posting(11, 'D', 1000)] },
  {
    effective_date: '2025-05-01',
    postings: [{ ...posting(11, 'D', 1000), is_deleted: true }],
  },
  // A dimension no longer listed keeps its balance visible.
  { effective_date: '2025-05-01', registered: true, postings: [posting(13, 'D', 5)] },
];

describe('stock balances', () => {
  it('sums debits less credits per dimension of account 1100 up to the date', () => {
    const view = stockBalances(journals, accounts, dimensions, '2025-12-31');
    expect(view.accounts).toEqual([
      { accountId: 1100, dimensionId: 11, name: 'Kompassid', balance: 70.1 },
      { accountId: 1100, dimensionId: 12, name: 'Kaardid', balance: 0.3 },
      { accountId: 1100, dimensionId: 13, name: 'Vana ladu', balance: 5 },
    ]);
    expect(view.total).toBe(75.4);
    expect(stockBalances(journals, accounts, dimensions, '2025-06-30').accounts[0]!.balance).toBe(
      100.1,
    );
  });

  it('uses account 1100 itself when it has no dimensions', () => {
    const view = stockBalances(
      [{ effective_date: '2025-01-01', postings: [posting(null, 'D', 12.5)] }],
      accounts,
      [],
      '2025-12-31',
    );
    expect(view.accounts).toEqual([
      { accountId: 1100, dimensionId: null, name: 'Kaubad', balance: 12.5 },
    ]);
  });
});

describe('the revaluation journal', () => {
  const { accounts: stock } = stockBalances(journals, accounts, dimensions, '2025-12-31');

  it('moves each account to its target against 8330 in EUR, numbered day/year', () => {
    const journal = revaluationJournal('2025-12-31', stock, [
      { dimensionId: 11, target: 100 },
      { dimensionId: 12, target: 0 },
      { dimensionId: 13, target: 5 },
    ]);
    expect(journal).toEqual({
      effective_date: '2025-12-31',
      document_number: '31/2025',
      operation_type: 'ENTRY',
      title: 'Varude ümberhindlus',
      postings: [
        {
          accounts_id: 1100,
          accounts_dimensions_id: 11,
          type: 'D',
          amount: 29.9,
          base_amount: 29.9,
          cl_currencies_id: 'EUR',
        },
        {
          accounts_id: 8330,
          accounts_dimensions_id: null,
          type: 'C',
          amount: 29.9,
          base_amount: 29.9,
          cl_currencies_id: 'EUR',
        },
        {
          accounts_id: 1100,
          accounts_dimensions_id: 12,
          type: 'C',
          amount: 0.3,
          base_amount: 0.3,
          cl_currencies_id: 'EUR',
        },
        {
          accounts_id: 8330,
          accounts_dimensions_id: null,
          type: 'D',
          amount: 0.3,
          base_amount: 0.3,
          cl_currencies_id: 'EUR',
        },
      ],
    });
  });

  it('balances: the booked journal brings every account to its target', () => {
    const targets = [
      { dimensionId: 11, target: 12.34 },
      { dimensionId: 12, target: 1000 },
    ];
    const journal = revaluationJournal('2025-12-31', stock, targets)!;
    const debits = journal.postings.filter((p) => p.type === 'D').reduce((s, p) => s + p.amount, 0);
    const credits = journal.postings
      .filter((p) => p.type === 'C')
      .reduce((s, p) => s + p.amount, 0);
    expect(debits).toBeCloseTo(credits, 9);
    const after = stockBalances(
      [...journals, { ...journal, registered: true }],
      accounts,
      dimensions,
      '2025-12-31',
    );
    expect(after.accounts.map((a) => a.balance)).toEqual([12.34, 1000, 5]);
  });

  it('is null when nothing changes and refuses an account that is not a stock account', () => {
    expect(revaluationJournal('2025-12-31', stock, [{ dimensionId: 11, target: 70.1 }])).toBe(null);
    expect(() => revaluationJournal('2025-12-31', stock, [{ dimensionId: 40, target: 1 }])).toThrow(
      /not a stock account/,
    );
  });
});

describe('dates and bodies', () => {
  it('defaults to the last day of the previous year; numbers documents day/year', () => {
    expect(defaultRevaluationDate(2026)).toBe('2025-12-31');
    expect(revaluationDocumentNumber('2025-12-31')).toBe('31/2025');
    expect(revaluationDocumentNumber('2026-03-05')).toBe('5/2026');
  });

  it('accepts only real dates and bounded targets', () => {
    expect(StockQuery.safeParse({ date: '2025-12-31' }).success).toBe(true);
    for (const date of ['2025-02-30', '2025-1-31', '31.12.2025', '']) {
      expect(StockQuery.safeParse({ date }).success, date).toBe(false);
    }
    const body = { date: '2025-12-31', targets: [{ dimensionId: 11, target: 10.5 }] };
    expect(RevaluationBody.safeParse(body).success).toBe(true);
    expect(RevaluationBody.safeParse({ ...body, targets: [] }).success).toBe(false);
    expect(
      RevaluationBody.safeParse({ ...body, targets: [{ dimensionId: 11, target: 1e12 }] }).success,
    ).toBe(false);
  });
});
