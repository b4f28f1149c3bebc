import type { TimeWindow } from '@rada/core';

/** One drawn band of the time-rules picture. */
export interface TimelineSegment {
  kind: 'normal' | 'penalty' | 'overtime';
  x: number;
  width: number;
  /** Minutes from the start where the band begins and ends (end is null for overtime). */
  startMin: number;
  endMin: number | null;
  /** The window's penalty and step, for a label (0 for normal time and overtime). */
  penalty: number;
  per: number;
}

/**
 * Lays the windows out along `width` pixels: each in proportion to its minutes, followed by an
 * overtime band of `overtimeShare` of the width. A window without a penalty is normal time.
 * Zero-length windows are left out; without any minutes there is nothing to draw.
 */
export function timelineSegments(
  windows: readonly TimeWindow[],
  width: number,
  overtimeShare = 0.12,
): TimelineSegment[] {
  const total = windows.reduce((s, w) => s + Math.max(0, w.time), 0);
  if (total <= 0 || width <= 0) return [];
  const usable = width * (1 - overtimeShare);
  const out: TimelineSegment[] = [];
  let minutes = 0;
  for (const w of windows) {
    const time = Math.max(0, w.time);
    if (time === 0) continue;
    out.push({
      kind: w.penalty === 0 ? 'normal' : 'penalty',
      x: (minutes / total) * usable,
      width: (time / total) * usable,
      startMin: minutes,
      endMin: minutes + time,
      penalty: w.penalty,
      per: w.per,
    });
    minutes += time;
  }
  out.push({
    kind: 'overtime',
    x: usable,
    width: width - usable,
    startMin: total,
    endMin: null,
    penalty: 0,
    per: 0,
  });
  return out;
}

/** Minutes as h:mm ("3:30"). */
export function formatMinutes(min: number): string {
  const h = Math.floor(min / 60);
  const m = Math.round(min - h * 60);
  return `${h}:${String(m).padStart(2, '0')}`;
}
