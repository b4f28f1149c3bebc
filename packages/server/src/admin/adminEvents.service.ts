import { ADMIN_EVENTS_PAGE_SIZE, archiveState } from '@rada/core';
import type { AdminEventRow, AdminEventsView } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import type { Store } from '../db/store.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canManageEvents } from '../policies/platform.policy.ts';
import { auditRow } from '../db/audit.ts';
import type { ArchiveStorage } from '../archive/archiveStorage.ts';

export interface AdminEventsDeps {
  store: Store;
  /** The first archive tier, for the "files in the first tier" column and filter. */
  first: ArchiveStorage;
  now: () => number;
}

/**
 * The super admin's table of every event on the platform (spec 02 §2): a page of 100, newest
 * start first, searched by id, name or owner, optionally only events with files in the first
 * archive tier; and the unpaid mark.
 */
export function adminEventsService({ store, first, now }: AdminEventsDeps) {
  function guard(actor: Actor | null): Actor {
    if (!canManageEvents(actor)) throw actor ? forbidden() : unauthorized();
    return actor;
  }

  return {
    async list(
      actor: Actor | null,
      query: { page: number; q: string; firsttier: boolean },
    ): Promise<AdminEventsView> {
      guard(actor);
      const folders = new Set(await first.folders());
      const { rows, total } = await store.adminEvents.page(
        query.q.trim(),
        query.firsttier ? [...folders] : null,
        query.page * ADMIN_EVENTS_PAGE_SIZE,
        ADMIN_EVENTS_PAGE_SIZE,
      );
      return {
        rows: rows.map((r): AdminEventRow => ({
          id: r.id,
          name: r.name,
          starttime: r.starttime,
          owner:
            r.user_id && r.email !== null
              ? { uid: r.user_id, displayName: r.display_name ?? '', email: r.email }
              : null,
          unpaidAt: r.unpaid_at,
          arch: archiveState(r.arch),
          firstTier: folders.has(r.id),
        })),
        total,
        page: query.page,
        pageSize: ADMIN_EVENTS_PAGE_SIZE,
      };
    },

    /** Marks the event unpaid (now) or paid (the mark removed); answers the new mark. */
    async setUnpaid(
      actor: Actor | null,
      eventId: string,
      unpaid: boolean,
    ): Promise<{ unpaidAt: number | null }> {
      const by = guard(actor);
      const unpaidAt = unpaid ? now() : null;
      await store.transaction(async (repos) => {
        const old = (await repos.events.findById(eventId))?.unpaid_at ?? null;
        if (!(await repos.adminEvents.setUnpaid(eventId, unpaidAt))) throw notFound();
        await repos.audit.insert([
          auditRow(now(), by, eventId, 'event.unpaid', `admin/unpaid/${eventId}`, old, unpaidAt),
        ]);
      });
      return { unpaidAt };
    },
  };
}
export type AdminEventsService = ReturnType<typeof adminEventsService>;
