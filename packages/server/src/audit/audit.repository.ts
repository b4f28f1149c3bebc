import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { AUDIT_KINDS } from '@rada/core';
import type { AuditKind } from '@rada/core';
import type { Database } from '../db/schema.ts';
import type { AuditRow } from '../db/audit.ts';

/** What a page of the log is filtered by. */
export interface AuditFilter {
  eventId?: string;
  who?: string;
  what?: AuditKind;
  from?: number;
  to?: number;
  /** A text in the action, path, event id, author's name or email, or a value (any case). */
  q?: string;
  /** Only entries older than this id (ids sort by time). */
  before?: string;
}

/** `text` with LIKE's % and _ (and its escape character, a backslash) taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `text` as a LIKE prefix pattern, its own % and _ taken literally. */
const prefix = (text: string) => `${literal(text)}%`;

/** The audit log: rows written with the changes, read newest first. */
export function auditRepository(db: Kysely<Database>) {
  return {
    async insert(rows: AuditRow[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('audit_log').values(rows).execute();
    },

    /** Up to `limit` rows, newest first, with their author's display name. */
    async page(filter: AuditFilter, limit: number) {
      let query = db
        .selectFrom('audit_log as l')
        .leftJoin('users as u', 'u.id', 'l.user_id')
        .select([
          'l.id',
          'l.time',
          'l.user_id',
          'l.event_id',
          'l.action',
          'l.path',
          'l.old_value',
          'l.value',
          'u.display_name',
        ]);
      if (filter.eventId !== undefined) query = query.where('l.event_id', '=', filter.eventId);
      if (filter.who !== undefined) query = query.where('l.user_id', '=', filter.who);
      if (filter.from !== undefined) query = query.where('l.time', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('l.time', '<=', filter.to);
      if (filter.before !== undefined) query = query.where('l.id', '<', filter.before);
      if (filter.q !== undefined) {
        // Lower case on both sides: PostgreSQL's LIKE minds case, SQLite's only outside ASCII.
        const pattern = `%${literal(filter.q.toLowerCase())}%`;
        const columns = [
          'l.action',
          'l.path',
          'l.event_id',
          'l.old_value',
          'l.value',
          'u.display_name',
          'u.email',
        ] as const;
        query = query.where((w) =>
          w.or(
            columns.map((c) => w(sql`lower(${sql.ref(c)})`, 'like', sql`${pattern} escape '\\'`)),
          ),
        );
      }
      if (filter.what !== undefined) {
        const kinds = Object.entries(AUDIT_KINDS);
        const at = kinds.findIndex(([kind]) => kind === filter.what);
        // The kind's prefixes, less those of the kinds before it (answers are not teams).
        const own = kinds[at]![1];
        const earlier = kinds.slice(0, at).flatMap(([, prefixes]) => prefixes);
        query = query.where((w) =>
          w.and([
            w.or(own.map((p) => w('l.action', 'like', prefix(p)))),
            ...earlier
              .filter((p) => own.some((o) => p.startsWith(o)))
              .map((p) => w('l.action', 'not like', prefix(p))),
          ]),
        );
      }
      return query.orderBy('l.id', 'desc').limit(limit).execute();
    },
  };
}
