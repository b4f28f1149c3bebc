import { AppError } from './errors.ts';

/** How long an answer is kept for a repeat with the same key. */
export const IDEMPOTENCY_TTL_MS = 10 * 60_000;
/** At most this many keys are remembered; the oldest go first. */
const MAX_KEYS = 10_000;
/** The longest `Idempotency-Key` accepted (a UUID is 36). */
const MAX_KEY_LENGTH = 100;

interface Entry<T> {
  at: number;
  answer: Promise<T>;
}

/**
 * Remembers the answers of create requests by the client's `Idempotency-Key` header, per caller,
 * so a repeat (a double click, a retried request) gets the first answer instead of running again
 * (which for an event would be a 409 for its own short link). A repeat that arrives while the
 * first still runs waits for it. Failures are not remembered: the same key may try again. Kept in
 * memory: one process, and lost on restart, which only costs the protection for old keys.
 */
export function idempotencyCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry<unknown>>();

  function prune(t: number): void {
    for (const [key, entry] of entries) {
      if (t - entry.at < IDEMPOTENCY_TTL_MS && entries.size <= MAX_KEYS) break;
      entries.delete(key);
    }
  }

  return {
    /**
     * Runs `fn` once per (`scope`, `key`) within the TTL and answers every repeat with its result;
     * without a key it just runs `fn`. A malformed key is a 400.
     */
    run<T>(scope: string, key: unknown, fn: () => Promise<T>): Promise<T> {
      if (key === undefined) return fn();
      if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)
        throw new AppError('error.validation', 400, [
          { path: 'Idempotency-Key', message: 'error.badtext' },
        ]);
      const t = now();
      prune(t);
      const id = `${scope}\u0000${key}`;
      const known = entries.get(id);
      if (known && t - known.at < IDEMPOTENCY_TTL_MS) return known.answer as Promise<T>;
      const answer = fn();
      entries.set(id, { at: t, answer });
      answer.catch(() => {
        if (entries.get(id)?.answer === answer) entries.delete(id);
      });
      return answer;
    },
  };
}
export type IdempotencyCache = ReturnType<typeof idempotencyCache>;
