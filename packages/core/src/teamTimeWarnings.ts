import { TEAM_FINISH_FUTURE_MARGIN_MS } from './limits.ts';

/** The two times of a team an organiser edits by hand (epoch ms; null: none). */
export interface TeamTimes {
  starttime: number | null;
  finishtime: number | null;
}

export type TeamTimeField = keyof TeamTimes;

/**
 * Something odd about a team time an organiser is about to save; `field` is the edited time the
 * warning is about. The server takes any of these (they can be right: a late finish typed from a
 * paper card); the organiser confirms them first.
 */
export type TeamTimeWarning =
  /** Before the event's start. */
  | { kind: 'beforeevent'; field: TeamTimeField; time: number; eventStart: number }
  /** After the event's end. */
  | { kind: 'afterevent'; field: TeamTimeField; time: number; eventEnd: number }
  /** A finish more than TEAM_FINISH_FUTURE_MARGIN_MS ahead of now: it has not happened yet. */
  | { kind: 'future'; field: 'finishtime'; time: number; aheadMs: number }
  /**
   * The finish is before the team's start: said of the finish when it was edited (a finish
   * before the start), else of the start (a start after the finish).
   */
  | { kind: 'order'; field: TeamTimeField; time: number; other: number };

const isTime = (t: number | null | undefined): t is number =>
  typeof t === 'number' && Number.isFinite(t);

/**
 * What the organiser should confirm before `next` replaces a team's `previous` times: each
 * changed, non-empty time outside the event's start–end, a finish in the future (a start may
 * be: start times are given ahead), and a finish before the start when either changed. Times
 * not changed are not warned about again. `now` is the clock the organiser's screen runs on.
 */
export function teamTimeWarnings(
  next: TeamTimes,
  previous: TeamTimes,
  event: { starttime?: number | null; endtime?: number | null },
  now: number,
): TeamTimeWarning[] {
  const warnings: TeamTimeWarning[] = [];
  const changed = (field: TeamTimeField) => next[field] !== previous[field];
  for (const field of ['starttime', 'finishtime'] as const) {
    const time = next[field];
    if (!isTime(time) || !changed(field)) continue;
    if (isTime(event.starttime) && time < event.starttime)
      warnings.push({ kind: 'beforeevent', field, time, eventStart: event.starttime });
    if (isTime(event.endtime) && time > event.endtime)
      warnings.push({ kind: 'afterevent', field, time, eventEnd: event.endtime });
    if (field === 'finishtime' && time > now + TEAM_FINISH_FUTURE_MARGIN_MS)
      warnings.push({ kind: 'future', field, time, aheadMs: time - now });
  }
  const { starttime: start, finishtime: finish } = next;
  if (isTime(start) && isTime(finish) && finish < start) {
    if (changed('finishtime'))
      warnings.push({ kind: 'order', field: 'finishtime', time: finish, other: start });
    else if (changed('starttime'))
      warnings.push({ kind: 'order', field: 'starttime', time: start, other: finish });
  }
  return warnings;
}
