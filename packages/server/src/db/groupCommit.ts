import type { ControlledTransaction, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Most members one shared transaction takes; the rest wait for the next one. A group runs
 * without a turn of the event loop (SQLite answers synchronously), so this also bounds how long
 * it holds back everything else: 32 device batches take a few milliseconds, 256 took long enough
 * to delay the live frames of /listen (bench fanout).
 */
export const GROUP_COMMIT_MAX = 32;

interface Member {
  fn: (trx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Counts of one group committer (the benchmarks report members per commit). */
export interface GroupCommitStats {
  /** Shared transactions committed (or failed at commit). */
  commits: number;
  /** Units of work run in them. */
  members: number;
}

export interface GroupCommitter {
  /**
   * Runs `fn` in a shared transaction with whatever else arrived while the previous one was
   * committing; resolves with `fn`'s value only after that transaction committed. A member that
   * throws is rolled back to its own savepoint and rejected alone; a failed commit rejects all.
   */
  run<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  stats(): GroupCommitStats;
}

/**
 * Group commit, as PostgreSQL's commit_delay does for its WAL: on SQLite, where every commit is
 * an fsync (`synchronous = FULL`) and one connection runs one transaction at a time, units of
 * work that queue up behind a commit share the next transaction and its one fsync instead of
 * each waiting for its own. Nothing waits when the server is idle: a lone request starts a
 * transaction at once (after the current tick, so requests parsed in the same tick share it).
 * Each member runs in its own savepoint, in arrival order, and sees the members before it.
 */
export function groupCommitter(db: Kysely<Database>, max = GROUP_COMMIT_MAX): GroupCommitter {
  let queue: Member[] = [];
  let running = false;
  const stats: GroupCommitStats = { commits: 0, members: 0 };

  async function runGroup(group: Member[]): Promise<void> {
    let trx: ControlledTransaction<Database>;
    try {
      trx = await db.startTransaction().execute();
    } catch (error) {
      for (const m of group) m.reject(error);
      return;
    }
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      for (const member of group) {
        const inner = await trx.savepoint('member').execute();
        try {
          const value = await member.fn(inner);
          await inner.releaseSavepoint('member').execute();
          outcomes.push({ ok: true, value });
        } catch (error) {
          await inner.rollbackToSavepoint('member').execute();
          await inner.releaseSavepoint('member').execute();
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // The transaction itself failed (a savepoint command or the commit): nothing of it holds.
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      for (const m of group) m.reject(error);
      return;
    } finally {
      stats.commits++;
      stats.members += group.length;
    }
    group.forEach((member, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) member.resolve(outcome.value);
      else member.reject(outcome.error);
    });
  }

  async function drain(): Promise<void> {
    // Requests parsed in the same tick as the first one join its group.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const group = queue.slice(0, max);
      queue = queue.slice(group.length);
      await runGroup(group);
      // Timers and sockets get their turn between groups; what arrives meanwhile joins the next.
      if (queue.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    running = false;
  }

  return {
    run<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
        if (!running) {
          running = true;
          void drain();
        }
      });
    },
    stats: () => ({ ...stats }),
  };
}
