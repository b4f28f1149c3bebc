import { cupStandingsCsv, cupStandingsToIof, cupTitle, localOffsetMinutes } from '@rada/core';
import type { CupStandingsView } from '@rada/core';

/**
 * The standings as a CSV or IOF XML file's text; loaded with the first download (the writers and
 * the cup file's schemas are no part of a visitor's page).
 */
export function cupFileText(
  kind: 'csv' | 'iof',
  view: CupStandingsView,
  csvHeader: (key: string) => string,
): string {
  return kind === 'csv'
    ? cupStandingsCsv(view.rows, view.events.length, csvHeader)
    : cupStandingsToIof(view.rows, view.events, {
        cupName: cupTitle(view.cup),
        createTime: new Date().toISOString(),
        complete: view.events.every((e) => e.hasResults),
        startTime: firstStart(view),
        offsetMinutes: localOffsetMinutes,
      });
}

/** The cup's first start, the StartTime of the IOF list (SportOrg reads no result without one). */
function firstStart(view: CupStandingsView): number | null {
  const starts = view.events.flatMap((e) => (e.starttime === null ? [] : [e.starttime]));
  return starts.length > 0 ? Math.min(...starts) : null;
}
