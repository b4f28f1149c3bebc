import {
  BALANCING_ACCOUNT_ID,
  revaluationDocumentNumber,
  revaluationJournal,
  stockBalances,
} from '@rada/core';
import type {
  EarvAccount,
  EarvDimension,
  EarvJournal,
  RevaluationBody,
  RevaluationResult,
  StockView,
} from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import { canUseAccounting } from '../policies/platform.policy.ts';
import { earveldajaClient } from './earveldaja.ts';
import type { EarveldajaClient, EarveldajaConfig, ListFilters } from './earveldaja.ts';
import { dayCache } from './dayCache.ts';

/**
 * The platform owner's stock tool (spec 02 §2, §3, §9) over the e-arveldaja API: the stock
 * accounts' balances at a date, and the revaluation entry that moves them to their targets.
 * The API's answers are kept for the current day (spec 02 §9), in this process's memory: the
 * books change rarely and the one owner's screen is the only reader; a booking here drops the
 * kept journals, so the next sync shows it.
 */
export function accountingService({
  config,
  now,
  log,
  client = config ? earveldajaClient(config) : null,
}: {
  config: EarveldajaConfig | null;
  now: () => number;
  log: (obj: object, msg: string) => void;
  /** The API client (tests give one with their own fetch); made from `config` by default. */
  client?: EarveldajaClient | null;
}) {
  const cache = dayCache(now);

  /** The owner only; then the API must be configured. */
  function guard(actor: Actor | null): EarveldajaClient {
    if (!canUseAccounting(actor)) throw actor ? forbidden() : unauthorized();
    if (!client) throw new AppError('accounting.error.unconfigured', 503);
    return client;
  }

  const listed = <T>(api: EarveldajaClient, list: 'accounts' | 'account_dimensions') =>
    cache.get(list, () => api.listAll<T>(list));

  /** Journals effective on or before `date`, each with its postings. */
  async function journalsUntil(api: EarveldajaClient, date: string): Promise<EarvJournal[]> {
    const filters: ListFilters = { end_date: date };
    const list = await api.listAll<EarvJournal>('journals', filters);
    // The list may leave postings out; those journals are read one by one.
    return Promise.all(
      list.map((j) =>
        j.postings === undefined && typeof j.id === 'number' && !j.is_deleted
          ? api.journal(j.id)
          : j,
      ),
    );
  }

  async function balances(api: EarveldajaClient, date: string, fresh: boolean) {
    const [accounts, dimensions] = await Promise.all([
      listed<EarvAccount>(api, 'accounts'),
      listed<EarvDimension>(api, 'account_dimensions'),
    ]);
    const key = `journals:${date}`;
    if (fresh) cache.drop(key);
    const journals = await cache.get(key, () => journalsUntil(api, date));
    return { view: stockBalances(journals, accounts, dimensions, date), dimensions };
  }

  return {
    /** The stock accounts and their balances at the end of `date` (kept for the day). */
    async stock(actor: Actor | null, date: string): Promise<StockView> {
      const api = guard(actor);
      return (await balances(api, date, false)).view;
    },

    /**
     * Books the journal entry that moves the named stock accounts to their targets on `date`,
     * registers it and answers its number. The balances are read afresh first, so the entry
     * moves what the books hold now, not what was kept earlier in the day.
     */
    async revalue(actor: Actor | null, body: RevaluationBody): Promise<RevaluationResult> {
      const api = guard(actor);
      const seen = new Set(body.targets.map((t) => t.dimensionId));
      if (seen.size !== body.targets.length) throw new AppError('error.validation', 400);
      const { view, dimensions } = await balances(api, body.date, true);
      for (const target of body.targets) {
        if (!view.accounts.some((a) => a.dimensionId === target.dimensionId)) {
          throw new AppError('accounting.error.unknownaccount', 400);
        }
      }
      // 8330 needs its dimension when it has some: the first live one.
      const balancing = dimensions
        .filter((d) => d.accounts_id === BALANCING_ACCOUNT_ID && !d.is_deleted)
        .sort((a, b) => a.id - b.id)[0];
      const journal = revaluationJournal(
        body.date,
        view.accounts,
        body.targets,
        balancing?.id ?? null,
      );
      if (!journal) throw new AppError('accounting.error.nochange', 400);

      const journalId = await api.createJournal(journal);
      // Whatever happens next, the kept journals are stale now.
      cache.dropWhere((key) => key.startsWith('journals:'));
      await api.registerJournal(journalId);
      const booked = await api.journal(journalId);
      log({ journalId, number: booked.number, date: body.date }, 'stock revaluation booked');
      const after = await balances(api, body.date, true);
      return {
        journalId,
        number: typeof booked.number === 'number' ? booked.number : null,
        documentNumber: booked.document_number ?? revaluationDocumentNumber(body.date),
        date: body.date,
        accounts: after.view.accounts,
      };
    },
  };
}

export type AccountingService = ReturnType<typeof accountingService>;
