/**
 * The highest KP number. Events number their KPs from 1, often by value class in hundreds
 * (101, 201…) or by control code (31…255); four digits leave room for every such scheme while
 * keeping "the next number" and re-enumeration away from 1e308.
 */
export const KP_NR_MAX = 9999;

/**
 * Whether `nr` is a KP number (spec 01 §3): a whole number from 1 to KP_NR_MAX, or a name such as
 * 'F' (the finish) or '12a'. A text that reads as a number ('7', '-1', '1.5', '1e308') is that
 * number and must be one of the first kind.
 */
export function isValidKpNr(nr: number | string): boolean {
  if (typeof nr === 'number') return Number.isInteger(nr) && nr >= 1 && nr <= KP_NR_MAX;
  const text = nr.trim();
  if (text === '') return false;
  const n = Number(text);
  return Number.isNaN(n) || isValidKpNr(n);
}
