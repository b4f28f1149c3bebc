/**
 * Registration values as text, without the registration schemas (registration.ts): the public
 * registration page shows values and must not load zod for it.
 */

/** A stored regdata value shown as text (a multiple choice joined with ', '). */
export function regValueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
