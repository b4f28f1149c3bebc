import { computeResults, scoringEventFromFile } from '@rada/core';
import type { EventFile, TeamResult } from '@rada/core';

/** Scores a whole event with the core engine (spec 03). Pure; the service does the I/O. */
export function computeEventResults(file: EventFile): TeamResult[] {
  return computeResults(scoringEventFromFile(file));
}
