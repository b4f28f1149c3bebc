/**
 * The wheel's geometry as pure functions. The pointer stands at the wheel's right (angle 0, as
 * on wheelofnames.com); segment i spans [rotation + i·s, rotation + (i+1)·s] in canvas angles
 * (clockwise), s = 2π / count.
 */

const TAU = 2 * Math.PI;

/** Segment colours in turn (a neighbour of the first never repeats it with an odd count). */
export const WHEEL_COLOURS = [
  '#e53935',
  '#1e88e5',
  '#43a047',
  '#fdd835',
  '#8e24aa',
  '#fb8c00',
  '#00acc1',
  '#d81b60',
];

/** How long a spin turns, and how many whole turns it makes at least. */
export const SPIN_MS = 5000;
export const SPIN_TURNS = 5;

/** `angle` brought into [0, 2π). */
export function normalise(angle: number): number {
  const a = angle % TAU;
  return a < 0 ? a + TAU : a;
}

/** The colour of segment `index` of `count`; the last never matches the first. */
export function segmentColour(index: number, count: number): string {
  const n = WHEEL_COLOURS.length;
  const colour = WHEEL_COLOURS[index % n]!;
  if (index === count - 1 && index > 0 && index % n === 0) return WHEEL_COLOURS[1]!;
  return colour;
}

/** The segment under the pointer at `rotation`. */
export function indexAt(rotation: number, count: number): number {
  if (count <= 0) return -1;
  const seg = TAU / count;
  return Math.min(count - 1, Math.floor(normalise(-rotation) / seg));
}

/**
 * The rotation a spin ends at: at least `turns` whole turns past `from`, with segment `index`
 * under the pointer, `offset` (−0.5…0.5) of a segment from its middle so spins differ.
 */
export function spinTarget(
  from: number,
  index: number,
  count: number,
  turns = SPIN_TURNS,
  offset = 0,
): number {
  const seg = TAU / count;
  const safe = Math.max(-0.4, Math.min(0.4, offset));
  const wanted = normalise(-(index + 0.5 + safe) * seg);
  const base = from + turns * TAU;
  return base + normalise(wanted - normalise(base));
}

/** The spin's easing: fast at first, slowing to a stop (cubic ease-out). */
export function easeOut(t: number): number {
  const x = Math.max(0, Math.min(1, t));
  return 1 - (1 - x) ** 3;
}
