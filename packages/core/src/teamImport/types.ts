import { z } from 'zod';
import { IMPORT_MODES } from '../checkpoints/types.ts';
import { TeamTime } from '../teamTimes.ts';

/**
 * Team import (docs/team-import.md): the rows an IOF XML 3.0 or 2.0.3 EntryList or StartList gives, the
 * problems a row or the file can have, and the body of POST /api/events/:id/teams/import.
 */

/** Longest texts a team row may carry (the team form's own limits). */
export const TEAM_IMPORT_LIMITS = {
  name: 200,
  nr: 20,
  className: 100,
  member: 200,
  members: 50,
  club: 200,
  email: 200,
  phone: 50,
  teams: 5000,
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);

/** One team as a file gives it; a field left out (or null) is not in the file. */
export const TeamImportInput = z
  .object({
    name: text(TEAM_IMPORT_LIMITS.name),
    nr: text(TEAM_IMPORT_LIMITS.nr).nullable().optional(),
    /** The class by name; matched case- and space-insensitively against the event's classes. */
    className: text(TEAM_IMPORT_LIMITS.className).nullable().optional(),
    starttime: TeamTime.nullable().optional(),
    /** The members' names, "Given Family". */
    members: z.array(text(TEAM_IMPORT_LIMITS.member)).max(TEAM_IMPORT_LIMITS.members).optional(),
    club: text(TEAM_IMPORT_LIMITS.club).nullable().optional(),
    email: text(TEAM_IMPORT_LIMITS.email).nullable().optional(),
    phone: text(TEAM_IMPORT_LIMITS.phone).nullable().optional(),
    /** When the team entered (EntryTime), epoch ms. */
    entryTime: TeamTime.nullable().optional(),
  })
  .strict();
export type TeamImportInput = z.infer<typeof TeamImportInput>;

/** POST /api/events/:id/teams/import: the whole plan is written in one transaction, or nothing. */
export const ImportTeamsBody = z
  .object({
    mode: z.enum(IMPORT_MODES),
    teams: z.array(TeamImportInput).min(1).max(TEAM_IMPORT_LIMITS.teams),
    /** Plan against the stored teams and answer it, writing nothing (the dialog's preview). */
    dryRun: z.boolean().optional(),
  })
  .strict();
export type ImportTeamsBody = z.input<typeof ImportTeamsBody>;

/** What POST /api/events/:id/teams/import wrote. */
export interface TeamImportResult {
  added: number;
  updated: number;
  removed: number;
  skipped: number;
  /** Names of the classes it added to the event's `klassid`. */
  newClasses: string[];
  /** With `dryRun`: the plan, per row index, as the server made it; nothing was written. */
  plan?: TeamImportRowPlan[];
}

/** What an import does with one row: add it, fill these blanks of a team, or skip it and why. */
export type TeamImportRowPlan =
  { action: 'add' } | { action: 'update'; fields: string[] } | { action: 'exists' | 'duplicate' };

/** Every problem a team import can report, as a translation key (docs/team-import.md). */
export const TEAM_IMPORT_ISSUE_KEYS = [
  // Row issues.
  'teamimport.err.noname',
  'teamimport.err.toolong',
  'teamimport.err.badtime',
  'teamimport.err.toomanymembers',
  'teamimport.err.nodate',
  // File issues: nothing is imported.
  'bad fail.....',
  'teamimport.err.notxml',
  'teamimport.err.badxml',
  'teamimport.err.notentrylist',
  'teamimport.err.noteams',
  'teamimport.err.toomany',
] as const;
export type TeamImportIssueKey = (typeof TEAM_IMPORT_ISSUE_KEYS)[number];

/** The parameters each key always carries (and its text uses). */
export const TEAM_IMPORT_ISSUE_PARAMS = {
  'teamimport.err.noname': [],
  'teamimport.err.toolong': ['field', 'max'],
  'teamimport.err.badtime': ['field', 'value'],
  'teamimport.err.toomanymembers': ['count', 'max'],
  'teamimport.err.nodate': ['field', 'value'],
  'bad fail.....': [],
  'teamimport.err.notxml': [],
  'teamimport.err.badxml': ['line'],
  'teamimport.err.notentrylist': ['value'],
  'teamimport.err.noteams': [],
  'teamimport.err.toomany': ['count', 'max'],
} as const satisfies Record<
  TeamImportIssueKey,
  readonly ('field' | 'value' | 'count' | 'max' | 'line')[]
>;

/** One row or file problem: a key and its parameters (`value` cut to 40 characters). */
export interface TeamImportIssue {
  key: TeamImportIssueKey;
  field?: string;
  value?: string;
  count?: number;
  max?: number;
  line?: number;
}

/** One team of a previewed file: its input, or null when it has errors. */
export interface TeamImportRow {
  /** The line of the entry's start tag. */
  line: number;
  /** The team's name as the file has it (for the preview, also when the row has errors). */
  label: string;
  input: TeamImportInput | null;
  errors: TeamImportIssue[];
}

/** A previewed file: which list it is and its rows, or a file error and no rows. */
export interface TeamImportPreview {
  list: 'EntryList' | 'StartList' | null;
  /** The program that wrote it (the root's `creator`), when it says. */
  creator: string | null;
  rows: TeamImportRow[];
  fileError: TeamImportIssue | null;
}

/** The inputs of a preview, or null when the file or any row has errors (nothing is written). */
export function acceptedTeamInputs(preview: TeamImportPreview): TeamImportInput[] | null {
  if (preview.fileError || preview.rows.length === 0) return null;
  const inputs: TeamImportInput[] = [];
  for (const row of preview.rows) {
    if (!row.input || row.errors.length > 0) return null;
    inputs.push(row.input);
  }
  return inputs;
}
