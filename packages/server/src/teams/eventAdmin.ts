import type { Actor } from '../auth/actor.ts';
import type { Repos } from '../db/store.ts';
import type { EventRow } from '../events/event.repository.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canEditEvent } from '../policies/event.policy.ts';
import type { EventAccess } from '../policies/event.policy.ts';

type Events = Pick<Repos, 'events'>;

/** The caller's access to an event row (their admin role in it, if any). */
export async function accessTo(
  store: Events,
  actor: Actor | null,
  event: EventRow,
): Promise<EventAccess> {
  const role = actor ? await store.events.roleOf(event.id, actor.uid) : null;
  return { actor, role, hidden: event.hidden === 1 };
}

/** Loads the event and the caller's access; 404 when there is no such event. */
export async function loadEventAccess(
  store: Events,
  actor: Actor | null,
  eventId: string,
): Promise<{ row: EventRow; access: EventAccess }> {
  const row = await store.events.findById(eventId);
  if (!row) throw notFound();
  return { row, access: await accessTo(store, actor, row) };
}

/** Loads the event and lets its admins through; 404 no event, 401 signed out, 403 others. */
export async function requireEventAdmin(
  store: Events,
  actor: Actor | null,
  eventId: string,
): Promise<EventRow> {
  const { row, access } = await loadEventAccess(store, actor, eventId);
  if (!canEditEvent(access)) throw actor ? forbidden() : unauthorized();
  return row;
}
