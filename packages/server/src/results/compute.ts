import { computeResults, scoringEventFromFile } from '@rada/core';
import type { EventFile, TeamResult } from '@rada/core';

/**
 * Scores a whole event with the core engine (spec 03) as at `now` (ms; the server's time: teams
 * whose start is after it have not started). Pure; the service does the I/O.
 */
export function computeEventResults(file: EventFile, now?: number): TeamResult[] {
  return computeResults(scoringEventFromFile(file), now);
}
