import { TRACK_GAP_MS } from './trackMath.ts';

/** Replay speeds: 1× to 60× real time. */
export const REPLAY_SPEEDS = [1, 2, 5, 10, 30, 60] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];
export const DEFAULT_REPLAY_SPEED: ReplaySpeed = 10;

/** The next faster (+1) or slower (-1) speed, staying at the ends. */
export function stepSpeed(speed: ReplaySpeed, direction: 1 | -1): ReplaySpeed {
  const i = REPLAY_SPEEDS.indexOf(speed);
  const next = Math.min(REPLAY_SPEEDS.length - 1, Math.max(0, i + direction));
  return REPLAY_SPEEDS[next]!;
}

/**
 * The replay clock after `elapsedMs` of real time at `speed`, clamped to `end`; `done` tells the
 * player to stop (it reached the end).
 */
export function advanceReplay(
  t: number,
  elapsedMs: number,
  speed: number,
  end: number,
): { t: number; done: boolean } {
  const next = t + Math.max(0, elapsedMs) * speed;
  return next >= end ? { t: end, done: true } : { t: next, done: false };
}

/** How long ago a team was last seen, as an i18n key and its count. */
export interface AgeText {
  key:
    | 'live.age.now'
    | 'live.age.s'
    | 'live.age.min'
    | 'live.age.h'
    | 'live.age.d'
    | 'live.age.never'
    | 'live.nopos.min'
    | 'live.nopos.h'
    | 'live.nopos.d';
  count: number;
}

/**
 * The last-seen age of a team: 'now' under 2 s, then seconds under a minute, whole minutes under
 * an hour, hours under two days, days after; 'never' without a point. A point from the future
 * (a device clock ahead) counts as now.
 */
export function ageText(lastT: number | null, now: number): AgeText {
  if (lastT === null) return { key: 'live.age.never', count: 0 };
  const s = Math.floor((now - lastT) / 1000);
  if (s < 2) return { key: 'live.age.now', count: 0 };
  if (s < 60) return { key: 'live.age.s', count: s };
  const min = Math.floor(s / 60);
  if (min < 60) return { key: 'live.age.min', count: min };
  const h = Math.floor(min / 60);
  if (h < 48) return { key: 'live.age.h', count: h };
  return { key: 'live.age.d', count: Math.floor(h / 24) };
}

/**
 * The team list's last-seen text: the age (ageText), said as a gap ('no position for 14 min',
 * `gap` true) once it is longer than the map's gap threshold, as the map then stops the line.
 */
export function lastSeenText(
  lastT: number | null,
  now: number,
  gapMs = TRACK_GAP_MS,
): AgeText & { gap: boolean } {
  const age = ageText(lastT, now);
  if (lastT === null || now - lastT <= gapMs) return { ...age, gap: false };
  const key =
    age.key === 'live.age.min'
      ? 'live.nopos.min'
      : age.key === 'live.age.h'
        ? 'live.nopos.h'
        : age.key === 'live.age.d'
          ? 'live.nopos.d'
          : age.key;
  return { key, count: age.count, gap: true };
}
