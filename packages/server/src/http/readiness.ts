import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ERROR_MESSAGES } from '@rada/core';
import type { Database } from '../db/schema.ts';
import type { Bus } from '../realtime/bus.ts';
import { declare } from './contract.ts';

/** How long the readiness check waits for the database, ms. */
const READY_TIMEOUT_MS = 2000;

/**
 * Where a server is in its life: `draining` from the moment it was asked to stop (SIGTERM) until
 * it exits. The readiness check then fails, so a balancer that asks it sends nothing new here.
 */
export interface Lifecycle {
  draining: boolean;
}

/** What GET /api/ready says of each part; 'down' for any part that does not answer in time. */
export interface ReadyChecks {
  database: 'ok' | 'down';
  bus: 'ok' | 'down';
  draining: boolean;
}

/** Resolves with what `work` gives, or with `fallback` when it fails or takes over `ms`. */
async function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/ready, the readiness check (docs/deploy.md; declared in core's contract/platform.ts):
 * 200 `{ok: true, checks}` while the database answers a query, the bus reaches the other servers
 * and the server is not shutting down; else 503 `error.notready` with the same checks.
 * GET /api/health stays the liveness check (the process answers at all): a server whose database
 * is away should be taken out of the balancer, not restarted.
 */
export function readinessRoute(
  api: FastifyInstance,
  { db, bus, lifecycle }: { db: Kysely<Database>; bus: Bus; lifecycle: Lifecycle },
): void {
  declare(api, 'ready', async (_req, reply) => {
    const [database, busOk] = await Promise.all([
      within(
        sql`select 1`.execute(db).then(() => true),
        READY_TIMEOUT_MS,
        false,
      ),
      within(bus.healthy(), READY_TIMEOUT_MS, false),
    ]);
    const checks: ReadyChecks = {
      database: database ? 'ok' : 'down',
      bus: busOk ? 'ok' : 'down',
      draining: lifecycle.draining,
    };
    reply.header('cache-control', 'no-store');
    if (database && busOk && !lifecycle.draining) return { ok: true as const, checks };
    return reply.status(503).send({
      error: 'error.notready',
      message: ERROR_MESSAGES['error.notready'],
      checks,
    });
  });
}
