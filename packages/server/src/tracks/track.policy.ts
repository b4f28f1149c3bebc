import type { EventAccess } from '../policies/event.policy.ts';
import { canEditEvent, canReadEvent } from '../policies/event.policy.ts';

/**
 * Who may see an event's tracks (points, summaries, track files, GPX): its admins (and super
 * admins) always; anyone who may read the event when its `hidetracks` setting is not on.
 */
export const canReadTracks = (a: EventAccess, hidetracks: boolean): boolean =>
  canEditEvent(a) || (!hidetracks && canReadEvent(a));

/** Importing a GPX track into a team: the event's admins. */
export const canImportTrack = (a: EventAccess): boolean => canEditEvent(a);
