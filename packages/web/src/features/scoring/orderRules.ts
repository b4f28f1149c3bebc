import { DEFAULT_ORDER_RULES, ORDER_RULES } from '@rada/core';
import type { OrderRule } from '@rada/core';

const KNOWN: ReadonlySet<string> = new Set(ORDER_RULES);

/** The rules in force: the stored list's known rules, or the default order when it is empty. */
export function effectiveRules(stored: unknown): OrderRule[] {
  const list = Array.isArray(stored)
    ? stored.map(String).filter((r): r is OrderRule => KNOWN.has(r))
    : [];
  return list.length > 0 ? list : [...DEFAULT_ORDER_RULES];
}

/** The rules that can still be added. */
export function unusedRules(rules: readonly OrderRule[]): OrderRule[] {
  return ORDER_RULES.filter((r) => !rules.includes(r));
}

/**
 * `rules` with the one at `from` moved to index `to` (clamped to the list). Out-of-range `from`
 * returns a copy unchanged.
 */
export function moveRule(rules: readonly OrderRule[], from: number, to: number): OrderRule[] {
  const out = [...rules];
  if (from < 0 || from >= out.length) return out;
  const [rule] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, rule!);
  return out;
}

/** True when `rules` is exactly the default order (then nothing needs storing). */
export function isDefaultOrder(rules: readonly OrderRule[]): boolean {
  return (
    rules.length === DEFAULT_ORDER_RULES.length &&
    rules.every((r, i) => r === DEFAULT_ORDER_RULES[i])
  );
}
