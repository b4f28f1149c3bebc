import { z } from 'zod';

/**
 * The changes log (spec 02 §2 debug tools, §3 log entries): the audit rows every change writes
 * (who, when, what, the old and the new value), read per event by its admins and platform-wide
 * by the super admin (docs/api.md).
 */

/** Entries a page of the log. */
export const AUDIT_PAGE_SIZE = 100;

/**
 * The kinds of change the log filters by, each the action names it covers (prefixes of
 * `action`; the first kind that matches names an entry's kind).
 */
export const AUDIT_KINDS = {
  marks: ['play.'],
  answers: ['team.answer.'],
  teams: ['team.'],
  registrations: ['registration.'],
  joincodes: ['joincode.'],
  messages: ['message.'],
  settings: ['settings.'],
  admins: ['admins.'],
  checkpoints: ['kp.'],
  archive: ['archive.'],
  event: ['event.'],
  news: ['news.'],
  translations: ['translation.'],
  creators: ['creator.'],
} as const satisfies Record<string, readonly string[]>;
export type AuditKind = keyof typeof AUDIT_KINDS;

/** The kinds of platform changes, of no event: an event's log never holds them. */
export const PLATFORM_AUDIT_KINDS: readonly AuditKind[] = ['news', 'translations', 'creators'];

/** The kinds an event's log can hold (its History tab's filter). */
export const EVENT_AUDIT_KINDS: readonly AuditKind[] = (
  Object.keys(AUDIT_KINDS) as AuditKind[]
).filter((kind) => !PLATFORM_AUDIT_KINDS.includes(kind));

/** The longest text the log is searched for. */
export const AUDIT_SEARCH_MAX_LENGTH = 100;

/** The kind of an action ('team.answer.set' → answers), or null for an action of no kind. */
export function auditKind(action: string): AuditKind | null {
  for (const [kind, prefixes] of Object.entries(AUDIT_KINDS)) {
    if (prefixes.some((p) => action.startsWith(p))) return kind as AuditKind;
  }
  return null;
}

/** One change. */
export interface AuditEntry {
  id: string;
  /** Epoch ms. */
  time: number;
  eventId: string | null;
  /** Who made it; null for the system (or an account since deleted: `uid` without a name). */
  user: { uid: string; displayName: string | null } | null;
  action: string;
  /** The data it changed, as a path of the event's documents (spec 02 §3). */
  path: string | null;
  old: unknown;
  value: unknown;
}

/** GET /api/events/:id/log and GET /api/admin/log. */
export interface AuditLogView {
  /** Newest first. */
  entries: AuditEntry[];
  /** The `before` of the next (older) page; null on the last. */
  next: string | null;
}

/**
 * The filters of the log: who, what kind, from and to (epoch ms), a text (`q`: in the action,
 * the path, the event id, the author's name or email, the old or new value; any case), and the
 * page (`before`).
 */
export const AuditLogQuery = z
  .object({
    who: z.string().min(1).max(64).optional(),
    q: z.string().trim().min(1).max(AUDIT_SEARCH_MAX_LENGTH).optional(),
    what: z.enum(Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]]).optional(),
    from: z.coerce.number().int().nonnegative().optional(),
    to: z.coerce.number().int().nonnegative().optional(),
    before: z.string().min(1).max(64).optional(),
    /** Platform-wide log only: one event's entries. */
    event: z.string().min(1).max(64).optional(),
  })
  .strict();
export type AuditLogQuery = z.output<typeof AuditLogQuery>;
