import type { Actor } from '../auth/actor.ts';
import type { AdminRole } from '../events/event.repository.ts';

/**
 * Who may do what with an event. `role` is the actor's row in the event's admins, or null.
 * Super admins may do everything an event admin may.
 */
export interface EventAccess {
  actor: Actor | null;
  role: AdminRole | null;
  hidden: boolean;
}

/** Public fields (name, times, type): anyone; hidden events are read by their link only. */
export const canReadEvent = (_a: EventAccess): boolean => true;

/** Settings, admins, export: the event's admins. */
export const canReadEventPrivate = (a: EventAccess): boolean =>
  a.role !== null || a.actor?.superAdmin === true;

export const canEditEvent = canReadEventPrivate;
export const canManageAdmins = canReadEventPrivate;

/** Deleting the whole event: the owner (or a super admin). */
export const canDeleteEvent = (a: EventAccess): boolean =>
  a.role === 'owner' || a.actor?.superAdmin === true;

/** Listing in the public "upcoming" list. */
export const isListedPublicly = (a: Pick<EventAccess, 'hidden'>): boolean => !a.hidden;
