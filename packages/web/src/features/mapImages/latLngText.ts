/**
 * A point typed as text, as people copy it from maps and GPS units: "58.3776, 26.7290",
 * "58.3776 26.7290", "58,3776; 26,7290" (decimal commas), with an optional N/S/E/W letter before
 * or after each number ("N 58.3776 E 26.7290", "58.3776N, 26.7290E"), latitude first unless the
 * letters say otherwise. Degrees only (no minutes or seconds).
 */

/** The longest text read (a pasted page is not a point). */
const MAX_LENGTH = 100;

const NUMBER = String.raw`[-+]?\d{1,3}(?:[.,]\d{1,12})?`;
/** A half: a letter before the number, or one after it (never both). */
const HALF = String.raw`(?:([NSEW])\s*(${NUMBER})\s*°?|(${NUMBER})\s*°?\s*([NSEW])?)`;
const POINT = new RegExp(String.raw`^\s*${HALF}\s*(?:[;,]\s*|\s+)${HALF}\s*$`, 'i');

/** One half's degrees, signed by its hemisphere letter; null for a minus with S/W. */
function half(letter: string, number: string): { value: number; letter: string } | null {
  const l = letter.toUpperCase();
  const value = Number(number.replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  if (l === 'S' || l === 'W') return value < 0 ? null : { value: -value, letter: l };
  return { value, letter: l };
}

/** The point, or null when the text is not one (or out of range: |lat| ≤ 90, |lng| ≤ 180). */
export function parseLatLngText(text: string): { lat: number; lng: number } | null {
  if (text.length > MAX_LENGTH) return null;
  const m = POINT.exec(text);
  if (!m) return null;
  const a = half(m[1] ?? m[4] ?? '', m[2] ?? m[3]!);
  const b = half(m[5] ?? m[8] ?? '', m[6] ?? m[7]!);
  if (!a || !b) return null;
  const east = (l: string) => l === 'E' || l === 'W';
  const north = (l: string) => l === 'N' || l === 'S';
  let lat: number;
  let lng: number;
  if (east(a.letter) || north(b.letter)) {
    // Longitude first, said by the letters; both must agree.
    if (!(east(a.letter) || a.letter === '') || !(north(b.letter) || b.letter === '')) return null;
    if (east(b.letter) || north(a.letter)) return null;
    [lat, lng] = [b.value, a.value];
  } else {
    [lat, lng] = [a.value, b.value];
  }
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** A point as the coordinates field shows it: "58.377600, 26.729000" (about 0.1 m). */
export function formatLatLng(p: { lat: number; lng: number }): string {
  return `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;
}
