import { z } from 'zod';
import type { ArchiveState } from './archive.ts';

/* The super admin's events table (spec 02 §2, docs/api.md). */

/** Rows a page of the super admin's events table (spec 02 §2). */
export const ADMIN_EVENTS_PAGE_SIZE = 100;

/** GET /api/admin/events: one event of the super admin's table. */
export interface AdminEventRow {
  id: string;
  name: string;
  starttime: number | null;
  /** The owner, or null ('No owner'). */
  owner: { uid: string; displayName: string; email: string } | null;
  /** When the event was marked unpaid; null when it is not. */
  unpaidAt: number | null;
  arch: ArchiveState | null;
  /** Whether the first archive tier holds files of the event. */
  firstTier: boolean;
}

/** GET /api/admin/events: a page of events, newest start first. */
export interface AdminEventsView {
  rows: AdminEventRow[];
  /** Events matching the query in all. */
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/events's query: page from 0, search by id, name or owner, first-tier filter. */
export const AdminEventsQuery = z
  .object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    q: z.string().max(100).default(''),
    firsttier: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .strict();
export type AdminEventsQuery = z.input<typeof AdminEventsQuery>;

/** PUT /api/admin/events/:id/unpaid: marks the event unpaid (now) or paid. */
export const SetUnpaidBody = z.object({ unpaid: z.boolean() }).strict();
export type SetUnpaidBody = z.infer<typeof SetUnpaidBody>;
