/**
 * Calendar days in a named (IANA) time zone, with nothing but Intl: an event's days are those of
 * the place where it is held, whatever the zone of the server or the reader.
 */

/** The zone of an event without its own `timezone` setting: the platform's home. */
export const DEFAULT_TIME_ZONE = 'Europe/Tallinn';

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/**
 * An IANA zone name's shape ("Europe/Tallinn", "UTC", "Etc/GMT+2", "America/Port-au-Prince"):
 * Node 26's ICU also takes offsets such as "+02:00" as zones, which are no place's time (no
 * summer time) and which older Nodes refuse, so they are refused everywhere.
 */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** Whether `zone` is a time zone name this runtime knows ("Europe/Tallinn", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 100 || !ZONE_NAME.test(zone)) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** A calendar date: month 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The wall clock at `t` in `zone`, written as if it were UTC (milliseconds dropped). */
function wallMs(t: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(t)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The calendar date at `t` in `zone`. */
export function zonedDate(t: number, zone: string): CalendarDate {
  const d = new Date(wallMs(t, zone));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The wall clock at `t` in `zone`: hours, minutes and seconds. */
export function zonedClock(
  t: number,
  zone: string,
): { hour: number; minute: number; second: number } {
  const d = new Date(wallMs(t, zone));
  return { hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/**
 * The first instant of `date` in `zone`: its midnight, or where the clocks skip midnight (a
 * change to summer time at 00:00, as Chile's), the moment the day begins after the jump.
 */
export function startOfZonedDay(date: CalendarDate, zone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  const offsetAt = (t: number) => wallMs(t, zone) - Math.floor(t / 1000) * 1000;
  // Within a day either side the zone has at most one change: its offsets before and after.
  const offsets = [...new Set([offsetAt(wall - DAY_MS), offsetAt(wall), offsetAt(wall + DAY_MS)])];
  const candidates = offsets.map((o) => wall - o).sort((a, b) => a - b);
  const exact = candidates.find((t) => wallMs(t, zone) === wall);
  if (exact !== undefined) return exact;
  // Midnight does not exist that day: the day begins where the clock jumps past it.
  let lo = candidates[0]!;
  let hi = candidates[candidates.length - 1]!;
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (wallMs(mid, zone) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The last millisecond of `date` in `zone` (23:59:59.999 on an ordinary day). */
export function endOfZonedDay(date: CalendarDate, zone: string): number {
  return startOfZonedDay(addDays(date, 1), zone) - 1;
}

/** Whether `t` is the last second of its day in `zone` (23:59:59, any milliseconds). */
export function isEndOfZonedDay(t: number, zone: string): boolean {
  return endOfZonedDay(zonedDate(t, zone), zone) - t < 1000;
}

/** `date` plus `days` calendar days. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** `date` plus `months` months; a day the month has not (31 January + 1) is its last day. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const first = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return {
    year: first.getUTCFullYear(),
    month: first.getUTCMonth() + 1,
    day: Math.min(date.day, last),
  };
}

/** The event's time zone: its `timezone` setting when that is a known zone, else the default. */
export function eventTimeZone(settings: Record<string, unknown>): string {
  const zone = settings.timezone;
  return typeof zone === 'string' && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
