import { z } from 'zod';
import { TEAM_TIME_MARGIN_DAYS } from './limits.ts';

const DAY_MS = 86_400_000;

const MARGIN_MS = TEAM_TIME_MARGIN_DAYS * DAY_MS;

/** The earliest and latest team time of any event (2000-01-01 and 2100-01-01 UTC). */
export const TEAM_TIME_MIN = Date.UTC(2000, 0, 1);
export const TEAM_TIME_MAX = Date.UTC(2100, 0, 1);

/**
 * A team's start or finish time (epoch ms) as the API and the event file take it: a whole
 * number from TEAM_TIME_MIN to TEAM_TIME_MAX; otherwise a `teams.error.timeoutofrange` issue.
 * The event's own window is teamTimeWindow's.
 */
export const TeamTime = z
  .number()
  .refine((t) => Number.isInteger(t) && t >= TEAM_TIME_MIN && t <= TEAM_TIME_MAX, {
    message: 'a time (epoch ms) from 2000 to 2100',
    params: { key: 'teams.error.timeoutofrange' },
  });

/**
 * The times a team of an event may start or finish at: from TEAM_TIME_MARGIN_DAYS before the
 * event's start to as long after its end, inside TEAM_TIME_MIN..TEAM_TIME_MAX. An event without
 * an end time runs on (a permanent course): up to TEAM_TIME_MAX; one without a start: any time.
 */
export function teamTimeWindow(event: { starttime?: number | null; endtime?: number | null }): {
  from: number;
  to: number;
} {
  const start = event.starttime;
  if (typeof start !== 'number' || !Number.isFinite(start))
    return { from: TEAM_TIME_MIN, to: TEAM_TIME_MAX };
  const end = event.endtime;
  return {
    from: Math.max(TEAM_TIME_MIN, start - MARGIN_MS),
    to:
      typeof end === 'number' && Number.isFinite(end)
        ? Math.min(TEAM_TIME_MAX, end + MARGIN_MS)
        : TEAM_TIME_MAX,
  };
}

/** Whether `t` is inside the event's teamTimeWindow. */
export function isTeamTimeInWindow(
  t: number,
  event: { starttime?: number | null; endtime?: number | null },
): boolean {
  const { from, to } = teamTimeWindow(event);
  return t >= from && t <= to;
}
