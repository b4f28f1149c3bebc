import { AUDIT_PAGE_SIZE } from '@rada/core';
import type { AuditEntry, AuditLogQuery, AuditLogView } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import type { Store } from '../db/store.ts';
import { fromJson } from '../db/json.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canEditEvent } from '../policies/event.policy.ts';
import { canManageEvents } from '../policies/platform.policy.ts';
import type { AuditFilter } from './audit.repository.ts';

/**
 * The changes log: an event's to its admins (and the super admin), the whole platform's to the
 * super admin; filtered by who, kind and time, a page of AUDIT_PAGE_SIZE newest first.
 */
export function auditService({ store }: { store: Store }) {
  async function page(filter: AuditFilter): Promise<AuditLogView> {
    const rows = await store.audit.page(filter, AUDIT_PAGE_SIZE + 1);
    const shown = rows.slice(0, AUDIT_PAGE_SIZE);
    return {
      entries: shown.map((r): AuditEntry => ({
        id: r.id,
        time: r.time,
        eventId: r.event_id,
        user: r.user_id === null ? null : { uid: r.user_id, displayName: r.display_name },
        action: r.action,
        path: r.path,
        old: fromJson<unknown>(r.old_value, null),
        value: fromJson<unknown>(r.value, null),
      })),
      next: rows.length > AUDIT_PAGE_SIZE ? (shown.at(-1)?.id ?? null) : null,
    };
  }
  return {
    /** One event's log: its admins and the super admin. */
    async eventLog(actor: Actor | null, eventId: string, query: AuditLogQuery) {
      const row = await store.events.findById(eventId);
      if (!row) throw notFound();
      const role = actor ? await store.events.roleOf(eventId, actor.uid) : null;
      if (!canEditEvent({ actor, role, hidden: row.hidden === 1 })) {
        throw actor ? forbidden() : unauthorized();
      }
      const { event: _other, ...filter } = query;
      return page({ ...filter, eventId });
    },

    /** The whole platform's log (optionally one event's): the super admin. */
    async platformLog(actor: Actor | null, query: AuditLogQuery) {
      if (!canManageEvents(actor)) throw actor ? forbidden() : unauthorized();
      const { event, ...filter } = query;
      return page({ ...filter, ...(event !== undefined ? { eventId: event } : {}) });
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
