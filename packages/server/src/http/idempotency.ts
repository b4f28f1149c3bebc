import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
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
 * first still runs waits for it. Failures are not remembered: the same key may try again.
 */
export interface Idempotency {
  /**
   * Runs `fn` once per (`scope`, `key`) within the TTL and answers every repeat with its result;
   * without a key it just runs `fn`. A malformed key is a 400.
   */
  run<T>(scope: string, key: unknown, fn: () => Promise<T>): Promise<T>;
}

/** The key as given, or a 400 for one that is not a short non-empty string. */
function checkedKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new AppError('error.validation', 400, [
      { path: 'Idempotency-Key', message: 'error.badtext' },
    ]);
  return key;
}

/**
 * In this process's memory: enough for one server, lost on restart (which only costs the
 * protection for old keys).
 */
export function idempotencyCache(now: () => number = Date.now): Idempotency {
  const entries = new Map<string, Entry<unknown>>();

  function prune(t: number): void {
    for (const [key, entry] of entries) {
      if (t - entry.at < IDEMPOTENCY_TTL_MS && entries.size <= MAX_KEYS) break;
      entries.delete(key);
    }
  }

  return {
    run<T>(scope: string, key: unknown, fn: () => Promise<T>): Promise<T> {
      if (key === undefined) return fn();
      checkedKey(key);
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

/** How long a run may hold its key before a repeat stops waiting (a server that died). */
const RUNNING_TTL_MS = 60_000;
const RUNNING = 'running';

/**
 * Shared by every server through Redis (REDIS_URL): the first request claims the key with SET NX
 * and stores its answer (JSON) for the TTL; a repeat on any server waits for that answer; a
 * failure deletes the key so the same key may try again.
 */
export function redisIdempotency(redis: Redis, prefix: string): Idempotency {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    async run<T>(scope: string, key: unknown, fn: () => Promise<T>): Promise<T> {
      if (key === undefined) return fn();
      const digest = createHash('sha256')
        .update(`${scope}\u0000${checkedKey(key)}`)
        .digest('base64url');
      const id = `${prefix}idem:${digest}`;
      for (;;) {
        if ((await redis.set(id, RUNNING, 'PX', RUNNING_TTL_MS, 'NX')) === 'OK') {
          let answer: T;
          try {
            answer = await fn();
          } catch (error) {
            await redis.del(id);
            throw error;
          }
          await redis.set(id, JSON.stringify({ answer }), 'PX', IDEMPOTENCY_TTL_MS);
          return answer;
        }
        // Another request (maybe on another server) has the key: wait for its answer.
        let stored: string | null;
        while ((stored = await redis.get(id)) === RUNNING) await sleep(50);
        if (stored !== null) return (JSON.parse(stored) as { answer: T }).answer;
        // It failed (or expired): this request may try.
      }
    },
  };
}
