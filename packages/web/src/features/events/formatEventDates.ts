import dayjs from 'dayjs';
import { EVENT_DATE_FORMAT } from '@rada/core';

/**
 * The date format of an interface language: spec 01 §9's EVENT_DATE_FORMAT ("01 May 2026"), in
 * Estonian the way Estonians write it ("23. november 2026"); without `locale`, the interface's
 * language (dayjs's global locale, set with the language).
 */
export function eventDateFormat(locale: string = dayjs.locale()): string {
  return locale.startsWith('et') ? 'D. MMMM YYYY' : EVENT_DATE_FORMAT;
}

/**
 * An event's date range as shown in lists and headers (eventDateFormat):
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
  const format = eventDateFormat(locale);
  if (endtime === null || start.isSame(at(endtime), 'day')) return start.format(format);
  return `${start.format(format)} – ${at(endtime).format(format)}`;
}

/** A date and time for detail views: the event date format plus HH:mm. */
export function formatDateTime(ms: number | null, locale?: string): string | null {
  if (ms === null) return null;
  const d = locale ? dayjs(ms).locale(locale) : dayjs(ms);
  return d.format(`${eventDateFormat(locale)} HH:mm`);
}
