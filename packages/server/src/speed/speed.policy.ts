import type { EventAccess } from '../policies/event.policy.ts';
import { canEditEvent } from '../policies/event.policy.ts';
import { canReadTracks } from '../tracks/track.policy.ts';

/** The event settings that decide who sees its speed tickets. */
export interface TicketVisibility {
  hidetracks: boolean;
  hidespeedings: boolean;
}

/**
 * Who may read an event's speed tickets. A ticket carries a team's position and time, so it is
 * a piece of its track: the tracks rule applies (admins always; others only while `hidetracks`
 * is off), and `hidespeedings` hides the list from everyone but the admins as well.
 */
export const canReadSpeedTickets = (a: EventAccess, v: TicketVisibility): boolean =>
  canEditEvent(a) || (canReadTracks(a, v.hidetracks) && !v.hidespeedings);
