import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The super admin's events table: every event with its owner, searched and paged. */
export function adminEventsRepository(db: Kysely<Database>) {
  return {
    /**
     * A page of events, newest start first (events without one last), matching `q` in the id,
     * name, owner's name or email; only the ids of `only` when it is given. With the total.
     */
    async page(q: string, only: string[] | null, offset: number, limit: number) {
      let base = db
        .selectFrom('events as e')
        .leftJoin('event_admins as a', (j) =>
          j.onRef('a.event_id', '=', 'e.id').on('a.role', '=', 'owner'),
        )
        .leftJoin('users as u', 'u.id', 'a.user_id');
      if (q !== '') {
        const like = contains(q);
        base = base.where((w) =>
          w.or(
            (['e.id', 'e.name', 'u.display_name', 'u.email'] as const).map(
              (column) => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`,
            ),
          ),
        );
      }
      // No id at all: `in ()` is not SQL, and nothing matches.
      if (only) base = base.where('e.id', 'in', only.length > 0 ? only : ['']);
      const counted = await base
        .select((s) => s.fn.count<number | string>('e.id').as('n'))
        .executeTakeFirst();
      const rows = await base
        .select([
          'e.id',
          'e.name',
          'e.starttime',
          'e.unpaid_at',
          'e.arch',
          'a.user_id',
          'u.display_name',
          'u.email',
        ])
        // The same start by id, so that pages neither overlap nor skip.
        .orderBy(sql`case when e.starttime is null then 1 else 0 end`)
        .orderBy('e.starttime', 'desc')
        .orderBy('e.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return { rows, total: Number(counted?.n ?? 0) };
    },

    /** Sets the unpaid mark; false when there is no such event. */
    async setUnpaid(eventId: string, at: number | null): Promise<boolean> {
      const result = await db
        .updateTable('events')
        .set({ unpaid_at: at })
        .where('id', '=', eventId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
