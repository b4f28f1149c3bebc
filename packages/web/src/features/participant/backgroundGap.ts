import type { TFunction } from 'i18next';

/**
 * The participant app's honesty about a hidden page (issue 35): a browser gets no positions
 * for a page that is hidden or behind a locked screen, so when the page comes back the app says
 * how long the team was not tracked. Pure: times in, the untracked time out.
 */

/** A hidden page this long, untracked, is said in a banner (shorter is a glance at a message). */
export const GAP_SHOWN_MS = 60_000;
/** A team whose newest position is older than this when the page hides was not being tracked. */
export const TRACKING_FRESH_MS = 120_000;

/** What the app noted as the page went hidden. */
export interface HiddenSpell {
  hiddenAt: number;
  /** Whether the team was running then (points are kept only while running). */
  running: boolean;
  /** The time of the newest position kept by then, or null for none. */
  lastPointT: number | null;
}

/**
 * How long the team went untracked during `spell`, which ended (the page visible again) at
 * `visibleAt` with `lastPointT` the newest position kept since: from the later of the hiding and
 * that position to `visibleAt`. Null when nothing is to be said: the team was not running or
 * not tracked as the page hid (no position for TRACKING_FRESH_MS), or the gap is under
 * GAP_SHOWN_MS (positions kept while hidden shorten it).
 */
export function untrackedGap(
  spell: HiddenSpell,
  visibleAt: number,
  lastPointT: number | null,
): number | null {
  if (!spell.running || spell.lastPointT === null) return null;
  if (spell.hiddenAt - spell.lastPointT > TRACKING_FRESH_MS) return null;
  const from = Math.max(spell.hiddenAt, lastPointT ?? spell.lastPointT);
  const gap = visibleAt - from;
  return gap >= GAP_SHOWN_MS ? gap : null;
}

/** A gap in words: "14 min", "1 h 5 min". */
export function gapText(t: TFunction, ms: number): string {
  const min = Math.floor(ms / 60_000);
  return min < 60
    ? t('tracking.gap.min', { count: min })
    : t('tracking.gap.h', { h: Math.floor(min / 60), min: min % 60 });
}
