import { overallRows } from '@rada/core';
import type { ResultsDisplaySettings, RouteVisit, TeamResult } from '@rada/core';

/** The tab key of the overall ranking; class tabs use the class id. */
export const OVERALL = 'overall';
/** The tab key of teams without a class. */
export const NO_CLASS = '-';

/** A tab of the results page: a class, or all teams. */
export interface ResultsTab {
  key: string;
  /** The class name; null for the overall tab and for teams without a class (translated). */
  label: string | null;
}

/** The display name of a class from the `klassid` map (a name, or `{name}`), else its id. */
export function className(klassid: ResultsDisplaySettings['klassid'], id: string): string {
  const entry = klassid[id];
  if (typeof entry === 'string' && entry !== '') return entry;
  if (entry && typeof entry === 'object') {
    const name = (entry as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') return name;
  }
  return id;
}

/**
 * The tabs: overall first, then one per class in the order the results come in (the engine
 * orders classes by the `klassid` settings). With one class or none, only overall is shown.
 */
export function resultsTabs(
  results: TeamResult[],
  klassid: ResultsDisplaySettings['klassid'],
): ResultsTab[] {
  const keys: string[] = [];
  for (const r of results) {
    const key = r.klassid ?? NO_CLASS;
    if (!keys.includes(key)) keys.push(key);
  }
  const tabs: ResultsTab[] = [{ key: OVERALL, label: null }];
  if (keys.length < 2) return tabs;
  return [
    ...tabs,
    ...keys.map((key) => ({ key, label: key === NO_CLASS ? null : className(klassid, key) })),
  ];
}

/** The rows of one tab, in ranking order, with the place to show (class or overall). */
export function tabRows(
  results: TeamResult[],
  tab: string,
): { result: TeamResult; place: number | null }[] {
  if (tab === OVERALL) return overallRows(results);
  return results
    .filter((r) => (r.klassid ?? NO_CLASS) === tab)
    .map((result) => ({ result, place: result.place }));
}

/** The penalty points taken off a team's sum (checkpoints, time, speeding). */
export const penaltyOf = (r: TeamResult): number => r.kppenalty + r.timepenaltytotal + r.spdpenalty;

/** The dayjs format of start and finish times: `sfwithdate` adds the date, `sfwithseconds` seconds. */
export function clockFormat(
  settings: Pick<ResultsDisplaySettings, 'sfwithdate' | 'sfwithseconds'>,
) {
  return `${settings.sfwithdate ? 'DD.MM.YYYY ' : ''}HH:mm${settings.sfwithseconds ? ':ss' : ''}`;
}

/** A duration in ms as `m:ss`, or `h:mm:ss` from an hour on; negative with a minus. */
export function formatDuration(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const total = Math.floor(Math.abs(ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${sign}${h}:${String(m).padStart(2, '0')}:${s}` : `${sign}${m}:${s}`;
}

/** The visits of a route to show: wrong marks left out under `hidewrongmarks`. */
export function shownRoute(r: TeamResult, hidewrongmarks: boolean): RouteVisit[] {
  return (r.route ?? []).filter((v) => !(hidewrongmarks && v.state === 'wrong'));
}
