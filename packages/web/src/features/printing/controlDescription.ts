import { compareKpNr } from '@rada/core';
import type { Checkpoint, KpNr, LatLng } from '@rada/core';

/** One printed line of the control-description sheet. */
export interface DescriptionLine {
  id: string;
  nr: KpNr;
  /** Value class (ra), 1 when unset. */
  value: number;
  desc: string;
  coords: string;
  /** The response texts in their stored order; which one is correct is never included. */
  responses: string[];
}

/** Coordinates as "58.38000 N, 26.72000 E" (5 decimals ≈ 1 m), '' without a location. */
export function formatCoords(loc: LatLng | undefined): string {
  if (!loc) return '';
  const part = (v: number, pos: string, neg: string) =>
    `${Math.abs(v).toFixed(5)} ${v < 0 ? neg : pos}`;
  return `${part(loc.lat, 'N', 'S')}, ${part(loc.lng, 'E', 'W')}`;
}

/**
 * The lines of the control-description sheet, one per KP sorted by compareKpNr. The sheet is
 * handed to participants, so only what they may know is taken: never `answer` or `scores`.
 */
export function descriptionLines(checkpoints: Checkpoint[]): DescriptionLine[] {
  return [...checkpoints]
    .sort((a, b) => compareKpNr(a.kp.nr, b.kp.nr))
    .map((c) => ({
      id: c.id,
      nr: c.kp.nr,
      value: typeof c.kp.ra === 'number' ? c.kp.ra : 1,
      desc: c.data.desc ?? '',
      coords: formatCoords(c.data.loc),
      responses: Object.values(c.data.responses ?? {}).filter((r) => r.trim() !== ''),
    }));
}
