import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { TEAM_TIME_MARGIN_DAYS } from '@rada/core';

/**
 * Issue 34: results are computed as at the server's time (spec 03 §12: a team whose start is
 * still to come has not started). Stored results of events that are not long over were computed
 * without it; they are dropped, and the next read computes them again. An event over for longer
 * than a team's start may follow it has no start to come, and keeps its results.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const over = Date.now() - (TEAM_TIME_MARGIN_DAYS + 1) * 86_400_000;
  await sql`DELETE FROM event_results WHERE event_id IN
    (SELECT id FROM events WHERE endtime IS NULL OR endtime > ${over})`.execute(db);
}
