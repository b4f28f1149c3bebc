import type { SpeedRange } from './mapConfig.ts';

// Apart from mapConfig.ts's schemas, so the live map draws speeds without loading zod.

/** The colour of a speed: the range with the highest `s` not above it; null below them all. */
export function speedColour(ranges: readonly SpeedRange[], kmh: number): string | null {
  let best: SpeedRange | null = null;
  for (const r of ranges) if (kmh >= r.s && (!best || r.s >= best.s)) best = r;
  return best?.c ?? null;
}
