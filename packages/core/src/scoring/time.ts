import type { ScoringTeam } from './types.ts';

/** One time window: `time` minutes long, `penalty` points per started `per` minutes. */
export interface TimeWindow {
  time: number;
  per: number;
  penalty: number;
}

/** Time rules resolved per class: the flat list for everyone, or per-class lists with a default. */
export interface TimeRules {
  flat: TimeWindow[] | null;
  byClass: Map<string, TimeWindow[]>;
}

const MINUTE = 60_000;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback: number): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};

function window(step: unknown): TimeWindow {
  const s = isObject(step) ? step : {};
  return { time: num(s.time, 0), per: num(s.per, 1), penalty: num(s.penalty, 0) };
}

/**
 * Parses `S.ajad` (spec 03 §8): the flat form `{normaalaeg, lisaajad}` becomes one list whose first
 * window has no penalty; the per-class form `{classId: {stepId: {order, time, per, penalty}}}`
 * becomes one list per class, steps sorted by `order`.
 */
export function parseTimeRules(ajad: unknown): TimeRules {
  const rules: TimeRules = { flat: null, byClass: new Map() };
  if (!isObject(ajad)) return rules;
  if ('normaalaeg' in ajad || 'lisaajad' in ajad) {
    // Null means absent (spec 03 §12): no normaalaeg and no lisaajad is no time rules at all.
    const normal = num(ajad.normaalaeg, NaN);
    const first: TimeWindow = { time: Number.isNaN(normal) ? 0 : normal, per: 1, penalty: 0 };
    const extra = Array.isArray(ajad.lisaajad)
      ? ajad.lisaajad.filter((w) => w !== null && w !== undefined).map(window)
      : [];
    if (!Number.isNaN(normal) || extra.length > 0) rules.flat = [first, ...extra];
    return rules;
  }
  for (const [classId, steps] of Object.entries(ajad)) {
    if (!isObject(steps)) continue;
    const list = Object.entries(steps)
      .filter(([, step]) => isObject(step))
      .map(([id, step], i) => ({ id, i, order: num((step as Record<string, unknown>).order, i) }))
      .sort((a, b) => a.order - b.order || a.i - b.i)
      .map((e) => window(steps[e.id]));
    if (list.length > 0) rules.byClass.set(classId, list);
  }
  return rules;
}

/** The windows that apply to a team of class `classId`: its own, else `default`, else none. */
export function windowsFor(rules: TimeRules, classId: string | null): TimeWindow[] | null {
  if (rules.flat) return rules.flat;
  return (
    (classId !== null ? rules.byClass.get(classId) : undefined) ??
    rules.byClass.get('default') ??
    null
  );
}

/** The outcome of the time rules for one team. */
export interface TimeOutcome {
  timepenaltys: number[];
  timepenaltytotal: number;
  overtime: boolean;
}

/**
 * Applies time windows to `spent` ms (spec 03 §8): each window's penalty is
 * `ceil(o / (per × 60000)) × penalty` for the part `o` of `spent` inside it; overtime is
 * `spent > E(n)`. Without windows or with `spent` null there is no penalty and no overtime.
 */
export function applyTimeRules(windows: TimeWindow[] | null, spent: number | null): TimeOutcome {
  if (!windows || windows.length === 0)
    return { timepenaltys: [], timepenaltytotal: 0, overtime: false };
  const timepenaltys = new Array<number>(windows.length);
  let total = 0;
  let end = 0;
  for (let i = 0; i < windows.length; i++) {
    const w = windows[i]!;
    const start = end;
    end += w.time * MINUTE;
    const o = spent === null ? 0 : Math.max(0, Math.min(spent, end) - start);
    const p =
      o > 0 && w.penalty !== 0 && w.per > 0 ? Math.ceil(o / (w.per * MINUTE)) * w.penalty : 0;
    timepenaltys[i] = p;
    total += p;
  }
  return { timepenaltys, timepenaltytotal: total, overtime: spent !== null && spent > end };
}

/**
 * The team's start (spec 03 §8): mass start when set, else the team's `starttime`, else the
 * event's `starttime`; null when none exists.
 */
export function startOf(
  team: ScoringTeam,
  massStart: number | null,
  eventStart: unknown,
): number | null {
  if (massStart !== null) return massStart;
  if (typeof team.starttime === 'number' && Number.isFinite(team.starttime)) return team.starttime;
  return typeof eventStart === 'number' && Number.isFinite(eventStart) ? eventStart : null;
}

/** `finishtime − start` in ms, or null when the team has not finished (spec 03 §8). */
export function spentOf(team: ScoringTeam, start: number | null): number | null {
  const f = team.finishtime;
  return start !== null && typeof f === 'number' && Number.isFinite(f) ? f - start : null;
}

/** Milliseconds as `h:mm:ss` (seconds truncated; negative values get a leading minus). */
export function formatSpent(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const total = Math.floor(Math.abs(ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${sign}${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
