import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPlaceholderEmail } from '@rada/core';

/**
 * Issue 18: a phone-only account's or a guest's made-up address (`….invalid`) is no contact.
 * Teams made before that rule carry it in their data (the contact of the account that registered
 * or joined them), where the team dialog and event files showed it; it is taken out, here and
 * in deleted teams' backups. Nothing else in the data changes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const teams = (await db
    .selectFrom('teams')
    .select(['event_id', 'id', 'data'])
    .where(sql`lower(data)`, 'like', '%.invalid%')
    .execute()) as { event_id: string; id: string; data: string }[];
  for (const t of teams) {
    const data = withoutPlaceholder(JSON.parse(t.data));
    if (data === null) continue;
    await db
      .updateTable('teams')
      .set({ data: JSON.stringify(data) })
      .where('event_id', '=', t.event_id)
      .where('id', '=', t.id)
      .execute();
  }
  const deleted = (await db
    .selectFrom('deleted_teams')
    .select(['event_id', 'id', 'record'])
    .where(sql`lower(record)`, 'like', '%.invalid%')
    .execute()) as { event_id: string; id: string; record: string }[];
  for (const d of deleted) {
    const record = JSON.parse(d.record) as { data?: unknown };
    const data = withoutPlaceholder(record.data);
    if (data === null) continue;
    await db
      .updateTable('deleted_teams')
      .set({ record: JSON.stringify({ ...record, data }) })
      .where('event_id', '=', d.event_id)
      .where('id', '=', d.id)
      .execute();
  }
}

/** The data without a made-up `email`, or null when it has none. */
function withoutPlaceholder(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { email, ...rest } = data as Record<string, unknown>;
  return typeof email === 'string' && isPlaceholderEmail(email) ? rest : null;
}
