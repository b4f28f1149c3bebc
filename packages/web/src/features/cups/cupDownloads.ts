import { cupStandingsCsv, cupStandingsToIof } from '@rada/core';
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
        cupName: `${view.cup.name} ${view.cup.year}`,
        createTime: new Date().toISOString(),
        complete: view.events.every((e) => e.hasResults),
      });
}
