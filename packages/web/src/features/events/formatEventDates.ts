import dayjs from 'dayjs';
import { EVENT_DATE_FORMAT } from '@rada/core';

/**
 * An event's date range as shown in lists and headers (EVENT_DATE_FORMAT, spec 01 §9):
 * one date when it starts and ends on the same day or has no end, else "start – end".
 * Null when the event has no start time.
 */
export function formatEventDates(
  starttime: number | null,
  endtime: number | null,
  locale?: string,
): string | null {
  if (starttime === null) return null;
  const at = (ms: number) => (locale ? dayjs(ms).locale(locale) : dayjs(ms));
  const start = at(starttime);
  if (endtime === null || start.isSame(at(endtime), 'day')) return start.format(EVENT_DATE_FORMAT);
  return `${start.format(EVENT_DATE_FORMAT)} – ${at(endtime).format(EVENT_DATE_FORMAT)}`;
}

/** A date and time for detail views: the event date format plus HH:mm. */
export function formatDateTime(ms: number | null, locale?: string): string | null {
  if (ms === null) return null;
  const d = locale ? dayjs(ms).locale(locale) : dayjs(ms);
  return d.format(`${EVENT_DATE_FORMAT} HH:mm`);
}
