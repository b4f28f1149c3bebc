import { ACCOUNTING_AMOUNT_MAX, toCents } from '@rada/core';
import type { StockAccount, StockTarget } from '@rada/core';

/** The key of a stock account's target in the form. */
export const targetKey = (a: Pick<StockAccount, 'dimensionId'>): string =>
  String(a.dimensionId ?? 'none');

/**
 * A typed sum in euros ("1250.50", "1 250,50", "-3"), rounded to cents; null when it is not one
 * (or is beyond ACCOUNTING_AMOUNT_MAX).
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0€]/g, '').replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return null;
  const n = Number(cleaned);
  if (!Number.isFinite(n) || Math.abs(n) > ACCOUNTING_AMOUNT_MAX) return null;
  return toCents(n) / 100;
}

/** The targets that differ from their balances (blank and unreadable ones left out). */
export function changedTargets(
  accounts: readonly StockAccount[],
  typed: Readonly<Record<string, string>>,
): StockTarget[] {
  const out: StockTarget[] = [];
  for (const a of accounts) {
    const target = parseAmount(typed[targetKey(a)] ?? '');
    if (target !== null && toCents(target) !== toCents(a.balance)) {
      out.push({ dimensionId: a.dimensionId, target });
    }
  }
  return out;
}

/** The total after the change: each account's target, or its balance where none is typed. */
export function targetTotal(
  accounts: readonly StockAccount[],
  typed: Readonly<Record<string, string>>,
): number {
  const cents = accounts.reduce(
    (sum, a) => sum + toCents(parseAmount(typed[targetKey(a)] ?? '') ?? a.balance),
    0,
  );
  return cents / 100;
}

/** What the change moves to account 8330 in all: targets less balances (positive: stock grows). */
export function changeDifference(
  accounts: readonly StockAccount[],
  typed: Readonly<Record<string, string>>,
): number {
  const total = accounts.reduce((sum, a) => sum + toCents(a.balance), 0);
  return (toCents(targetTotal(accounts, typed)) - total) / 100;
}
