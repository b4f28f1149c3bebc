import { cupFileStandings, cupOutputRows, cupStandingsCsv, parseCupFile } from '@rada/core';
import type { Output } from './main.ts';
import { readFileInput } from './fileInput.ts';

export const CUP_RESULTS_USAGE = `  cup-results <cup.json> [--format json|csv]
                                          print a cup file's standings (spec 05 §7), by class,
                                          place, name (JSON array by default; no database)`;

const FORMATS = ['json', 'csv'] as const;

/**
 * `cup-results <file> [--format json|csv]`: reads a cup file (its settings, event files, edits
 * and joins), computes each event's results and the cup's standings, and prints them. Pure file
 * work: no database. Returns the exit code.
 */
export function cupResultsCommand(rest: string[], out: Output, err: Output): number {
  const input = readFileInput(rest, FORMATS, 'cup-results needs a cup file', err);
  if (!input) return 1;
  const { text, format } = input;
  const parsed = parseCupFile(text);
  if (!parsed.ok) {
    err.write(`${parsed.message}\n`);
    return 1;
  }
  const { events, rows } = cupFileStandings(parsed.file, parsed.events);
  if (format === 'csv') out.write(cupStandingsCsv(rows, events.length));
  else out.write(JSON.stringify(cupOutputRows(rows), null, 2) + '\n');
  return 0;
}
