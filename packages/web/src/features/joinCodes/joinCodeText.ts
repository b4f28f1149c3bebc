import {
  JOIN_CODE_ALPHABET,
  JOIN_CODE_MAX_LENGTH,
  JOIN_CODE_MIN_LENGTH,
  JOIN_QR_ERROR_LEVEL,
  JOIN_QR_SIZE_PX,
  generateJoinCode,
  isEndOfZonedDay,
  zonedClock,
  zonedDate,
} from '@rada/core';
import type { JoinCodeUse, JoinCodeView } from '@rada/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { eventDateFormat, formatDateTime } from '../events/formatEventDates.ts';

/**
 * Small pure helpers of the join-code screens: typing a code, showing its validity and uses,
 * and the options of its QR image.
 */

/** A code as the user types it: upper case, letters and digits only, at most the maximum length. */
export function normalizeCodeInput(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, JOIN_CODE_MAX_LENGTH);
}

/** Whether a typed code has the shape the server accepts (4 to the maximum letters or digits). */
export function isCodeShape(code: string): boolean {
  return new RegExp(`^[A-Z0-9]{4,${JOIN_CODE_MAX_LENGTH}}$`).test(code);
}

/** Whether a code an organiser chose may be created: at least 6 characters (JOIN_CODE_MIN_LENGTH). */
export function isNewCodeShape(code: string): boolean {
  return isCodeShape(code) && code.length >= JOIN_CODE_MIN_LENGTH;
}

/** Fills the array with random values, as crypto.getRandomValues does. */
export type RandomFill = (a: Uint32Array<ArrayBuffer>) => unknown;

/**
 * An integer in [0, n) from `fill` (crypto.getRandomValues in the browser), without modulo bias:
 * values from the incomplete last block of 2^32 are drawn again.
 */
export function randomBelow(n: number, fill: RandomFill): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    fill(buf);
    const v = buf[0] ?? 0;
    if (v < limit) return v % n;
  }
}

/** A fresh random code from the browser's cryptographic generator. */
export function randomJoinCode(fill: RandomFill = (a) => crypto.getRandomValues(a)): string {
  return generateJoinCode((n) => randomBelow(n, fill));
}

/** The end of a code's validity, e.g. "21 December 2026 20:59", in `locale` or the current one. */
export function formatValidUntil(ms: number, locale?: string): string {
  return formatDateTime(ms, locale) ?? '';
}

/**
 * The end of a code's validity as read in the event's time zone: "the end of 4 December 2026
 * (Europe/Tallinn)" when it ends with that day there (a validity choice), else with its time
 * ("4 December 2026 20:59 (Europe/Tallinn)": older codes, exact ends given through the API).
 */
export function validUntilText(
  t: TFunction,
  ms: number,
  zone: string,
  locale: string = dayjs.locale(),
): string {
  const d = zonedDate(ms, zone);
  const c = zonedClock(ms, zone);
  // The zone's wall clock as a local dayjs, only to format it with the language's month names.
  const wall = dayjs(new Date(d.year, d.month - 1, d.day, c.hour, c.minute)).locale(locale);
  const date = wall.format(eventDateFormat(locale));
  return isEndOfZonedDay(ms, zone)
    ? t('joinc.end.day', { date, zone })
    : t('joinc.end.time', { date, time: wall.format('HH:mm'), zone });
}

/** Whether the code can no longer be used because its validity has ended at `now`. */
export function isExpired(code: Pick<JoinCodeView, 'valid'>, now: number): boolean {
  return code.valid < now;
}

/** Who used it, as a name a person reads: display name, else email, else the user id. */
export function userLabel(use: Pick<JoinCodeUse, 'uid' | 'displayName' | 'email'>): string {
  return use.displayName?.trim() || use.email?.trim() || use.uid;
}

/** The absolute join link of a code whose path is `link`, on the site at `origin`. */
export function joinUrl(origin: string, link: string): string {
  return `${origin.replace(/\/+$/, '')}${link}`;
}

/** The file name of a code's downloaded QR image. */
export const qrFileName = (code: string): string => `join-${code}.png`;

/** Options of the QR image (spec 01 §9): 256 px, error correction level M, a small quiet zone. */
export const QR_OPTIONS = {
  errorCorrectionLevel: JOIN_QR_ERROR_LEVEL,
  width: JOIN_QR_SIZE_PX,
  margin: 2,
} as const;

/** Bytes of a `data:` URL (the QR image) as a Blob of its MIME type. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(0, comma);
  const type = /^data:([^;,]+)/.exec(header)?.[1] ?? 'application/octet-stream';
  const body = dataUrl.slice(comma + 1);
  if (!header.endsWith(';base64')) return new Blob([decodeURIComponent(body)], { type });
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

export { JOIN_CODE_ALPHABET };
