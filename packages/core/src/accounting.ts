import { z } from 'zod';

/**
 * The platform owner's accounting stock tool (spec 02 §2, §3, §9; docs/api.md,
 * /api/accounting/*): the stock accounts' balances at a date, read from the e-arveldaja
 * (e-Financials) journals, and the journal entry that revalues them to their targets.
 * Pure: the server fetches the journals and sends the entry; this decides what they mean.
 */

/** The account whose dimensions are the stock accounts (spec 02 §9). */
export const STOCK_ACCOUNT_ID = 1100;
/** The account that takes every revaluation's difference (spec 02 §9). */
export const BALANCING_ACCOUNT_ID = 8330;
/** The currency of every posting (spec 02 §9). */
export const ACCOUNTING_CURRENCY = 'EUR';
/** The revaluation entry's title in the books (Estonian: the books are kept in Estonian). */
export const REVALUATION_TITLE = 'Varude ümberhindlus';
/** Largest amount a target may have, euros (far above any stock; keeps cents exact in doubles). */
export const ACCOUNTING_AMOUNT_MAX = 1_000_000_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

const IsoDate = z.string().refine(isIsoDate, 'Expected a date as YYYY-MM-DD');

/** GET /api/accounting/stock's query: the balances at the end of `date`. */
export const StockQuery = z.object({ date: IsoDate }).strict();
export type StockQuery = z.infer<typeof StockQuery>;

/** One stock account's target: its dimension (null for account 1100 without dimensions). */
export const StockTarget = z
  .object({
    dimensionId: z.number().int().positive().nullable(),
    target: z.number().finite().min(-ACCOUNTING_AMOUNT_MAX).max(ACCOUNTING_AMOUNT_MAX),
  })
  .strict();
export type StockTarget = z.infer<typeof StockTarget>;

/** POST /api/accounting/revaluations: move the stock accounts to their targets on `date`. */
export const RevaluationBody = z
  .object({ date: IsoDate, targets: z.array(StockTarget).min(1).max(100) })
  .strict();
export type RevaluationBody = z.infer<typeof RevaluationBody>;

/** One stock account and its balance (euros, debit positive). */
export interface StockAccount {
  accountId: number;
  /** The e-arveldaja account dimension; null when account 1100 has none. */
  dimensionId: number | null;
  name: string;
  balance: number;
}

/** GET /api/accounting/stock's answer. */
export interface StockView {
  date: string;
  accounts: StockAccount[];
  total: number;
}

/** POST /api/accounting/revaluations' answer: the booked journal. */
export interface RevaluationResult {
  journalId: number;
  /** The journal's number in the books (null if e-arveldaja gave none). */
  number: number | null;
  documentNumber: string;
  date: string;
  /** The stock accounts' balances after the entry. */
  accounts: StockAccount[];
}

/** A posting of an e-arveldaja journal, as the API reads and writes it. */
export interface EarvPosting {
  id?: number;
  accounts_id: number;
  accounts_dimensions_id?: number | null;
  type?: 'D' | 'C';
  amount: number;
  base_amount?: number;
  cl_currencies_id?: string;
  is_deleted?: boolean;
}

/** An e-arveldaja journal (only the fields the tool reads or writes). */
export interface EarvJournal {
  id?: number;
  number?: number;
  title?: string;
  effective_date: string;
  document_number?: string | null;
  operation_type?: string;
  registered?: boolean;
  is_deleted?: boolean;
  postings?: EarvPosting[];
}

/** An account of the chart of accounts. */
export interface EarvAccount {
  id: number;
  name_est?: string;
  name_eng?: string;
}

/** An account dimension (sub-account). */
export interface EarvDimension {
  id: number;
  accounts_id: number;
  title_est?: string;
  title_eng?: string;
  is_deleted?: boolean;
}

/** The day revaluations default to: the last day of the year before `year` (spec 02 §9). */
export const defaultRevaluationDate = (year: number): string => `${year - 1}-12-31`;

/** The document number of an entry on `date` (YYYY-MM-DD): `day/year`, as `31/2025`. */
export function revaluationDocumentNumber(date: string): string {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  return `${Number(m[3])}/${m[1]}`;
}

/** Euros to whole cents, so sums of many postings stay exact. */
export const toCents = (euros: number): number => Math.round(euros * 100);
const toEuros = (cents: number): number => cents / 100;

const keyOf = (dimensionId: number | null | undefined) => String(dimensionId ?? 'none');

/**
 * The stock accounts (account 1100's live dimensions, or 1100 itself when it has none) and
 * their balances at the end of `date`: debits less credits of the registered, undeleted
 * journals effective on or before it. A dimension that has postings but is gone from the list
 * still gets its row, so no balance disappears.
 */
export function stockBalances(
  journals: readonly EarvJournal[],
  accounts: readonly EarvAccount[],
  dimensions: readonly EarvDimension[],
  date: string,
): StockView {
  const cents = new Map<string, number>();
  const seen = new Map<string, number | null>();
  for (const journal of journals) {
    if (journal.is_deleted || journal.registered === false) continue;
    if (journal.effective_date.slice(0, 10) > date) continue;
    for (const p of journal.postings ?? []) {
      if (p.accounts_id !== STOCK_ACCOUNT_ID || p.is_deleted) continue;
      if (p.type !== 'D' && p.type !== 'C') continue;
      const key = keyOf(p.accounts_dimensions_id);
      const amount = toCents(p.base_amount ?? p.amount);
      cents.set(key, (cents.get(key) ?? 0) + (p.type === 'D' ? amount : -amount));
      seen.set(key, p.accounts_dimensions_id ?? null);
    }
  }
  const account = accounts.find((a) => a.id === STOCK_ACCOUNT_ID);
  const accountName = account?.name_est ?? account?.name_eng ?? String(STOCK_ACCOUNT_ID);
  const live = dimensions
    .filter((d) => d.accounts_id === STOCK_ACCOUNT_ID && !d.is_deleted)
    .sort((a, b) => a.id - b.id);
  const rows: { dimensionId: number | null; name: string }[] =
    live.length > 0
      ? live.map((d) => ({ dimensionId: d.id, name: d.title_est ?? d.title_eng ?? String(d.id) }))
      : [{ dimensionId: null, name: accountName }];
  for (const [key, dimensionId] of seen) {
    if (!rows.some((r) => keyOf(r.dimensionId) === key)) {
      const gone = dimensions.find((d) => d.id === dimensionId);
      rows.push({
        dimensionId,
        name: gone?.title_est ?? (dimensionId === null ? accountName : `${dimensionId}`),
      });
    }
  }
  const out = rows.map((r) => ({
    accountId: STOCK_ACCOUNT_ID,
    dimensionId: r.dimensionId,
    name: r.name,
    balance: toEuros(cents.get(keyOf(r.dimensionId)) ?? 0),
  }));
  const total = toEuros(out.reduce((sum, a) => sum + toCents(a.balance), 0));
  return { date, accounts: out, total };
}

/** The body of POST /journals for a revaluation. */
export interface RevaluationJournal {
  effective_date: string;
  document_number: string;
  operation_type: 'ENTRY';
  title: string;
  postings: (Required<Pick<EarvPosting, 'accounts_id' | 'type' | 'amount' | 'base_amount'>> & {
    accounts_dimensions_id: number | null;
    cl_currencies_id: string;
  })[];
}

/**
 * The journal entry that moves each stock account to its target on `date` (spec 02 §3): per
 * changed account a posting of the difference on it (debit when it grows) and the opposite
 * posting on the balancing account 8330, in EUR, document number `day/year`. Null when no
 * target differs from its balance. Targets name stock accounts of `accounts` only.
 */
export function revaluationJournal(
  date: string,
  accounts: readonly StockAccount[],
  targets: readonly StockTarget[],
  balancingDimensionId: number | null = null,
): RevaluationJournal | null {
  const postings: RevaluationJournal['postings'] = [];
  for (const target of targets) {
    const account = accounts.find((a) => a.dimensionId === target.dimensionId);
    if (!account) throw new Error(`not a stock account: ${target.dimensionId}`);
    const diff = toCents(target.target) - toCents(account.balance);
    if (diff === 0) continue;
    const amount = toEuros(Math.abs(diff));
    const money = { amount, base_amount: amount, cl_currencies_id: ACCOUNTING_CURRENCY };
    postings.push(
      {
        accounts_id: account.accountId,
        accounts_dimensions_id: account.dimensionId,
        type: diff > 0 ? 'D' : 'C',
        ...money,
      },
      {
        accounts_id: BALANCING_ACCOUNT_ID,
        accounts_dimensions_id: balancingDimensionId,
        type: diff > 0 ? 'C' : 'D',
        ...money,
      },
    );
  }
  if (postings.length === 0) return null;
  return {
    effective_date: date,
    document_number: revaluationDocumentNumber(date),
    operation_type: 'ENTRY',
    title: REVALUATION_TITLE,
    postings,
  };
}
