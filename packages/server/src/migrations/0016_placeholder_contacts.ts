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
  await rewrite(db, 'teams', 'data', withoutPlaceholder);
  await rewrite(db, 'deleted_teams', 'record', (record) => {
    const data = withoutPlaceholder((record as { data?: unknown } | null)?.data);
    return data && { ...(record as object), data };
  });
}

/** Rewrites the JSON `column` of the rows that may hold a made-up address; `edit` null skips one. */
async function rewrite(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  table: 'teams' | 'deleted_teams',
  column: 'data' | 'record',
  edit: (value: unknown) => object | null,
): Promise<void> {
  const rows = (await db
    .selectFrom(table)
    .select(['event_id', 'id', column])
    .where(sql`lower(${sql.ref(column)})`, 'like', '%.invalid%')
    .execute()) as Record<string, string>[];
  for (const row of rows) {
    const value = edit(JSON.parse(row[column]!));
    if (value === null) continue;
    await db
      .updateTable(table)
      .set({ [column]: JSON.stringify(value) })
      .where('event_id', '=', row.event_id)
      .where('id', '=', row.id)
      .execute();
  }
}

/** The data without a made-up `email`, or null when it has none. */
function withoutPlaceholder(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { email, ...rest } = data as Record<string, unknown>;
  return typeof email === 'string' && isPlaceholderEmail(email) ? rest : null;
}
