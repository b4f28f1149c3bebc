/** Default start and end of a new event: today 00:00 and 23:59 in local time (spec 01 §9). */
export function defaultEventTimes(now: Date): { starttime: number; endtime: number } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 0, 0, 0);
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 0, 0);
  return { starttime: start.getTime(), endtime: end.getTime() };
}

/** The end may be cleared (null) but must not precede the start. */
export function isEndTimeValid(starttime: number | null, endtime: number | null): boolean {
  return endtime === null || starttime === null || endtime >= starttime;
}
