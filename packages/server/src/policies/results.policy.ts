import type { EventAccess } from './event.policy.ts';
import { canEditEvent } from './event.policy.ts';

/**
 * Who may see an event's results and responses. They are public unless the event's
 * `hideresults` setting is on; its admins (and super admins) always see them.
 */
export const canReadResults = (a: EventAccess, hideresults: boolean): boolean =>
  !hideresults || canEditEvent(a);

/**
 * Whether the responses matrix shows which answer each team chose and which is correct:
 * admins always, anyone else once the event has ended (before that it would give the answers away).
 */
export const canSeeAnswers = (a: EventAccess, endtime: number | null, now: number): boolean =>
  canEditEvent(a) || (endtime !== null && now >= endtime);

/** Changing a team's answer: the event's admins. */
export const canEditAnswers = (a: EventAccess): boolean => canEditEvent(a);

/** Wrong marks (counts, splits, /responses): hidden from all but admins by `hidewrongmarks`. */
export const canSeeWrongMarks = (a: EventAccess, hidewrongmarks: boolean): boolean =>
  !hidewrongmarks || canEditEvent(a);
