import { validateCheckpointAnswer } from './plan.ts';
import type { z } from 'zod';
import { CheckpointInput } from './types.ts';

/** A checkpoint input after validation: `data` and `answer` are always present. */
export type ParsedCheckpointInput = z.output<typeof CheckpointInput>;

/** One row of an import file: its parsed checkpoint, or null with the reasons it was refused. */
export interface ImportRow {
  /** CSV: the line the row starts on; GPX: the line of its element; JSON: the item's position (1-based). */
  line: number;
  input: ParsedCheckpointInput | null;
  /** Error keys (`kpdata.badresponse`) or short English text naming the column or field. */
  errors: string[];
}

/** What an import file holds, shown to the admin before anything is written. */
export interface ImportPreview {
  format: 'csv' | 'json' | 'gpx';
  /** Set by `parseCheckpointFile`: the encoding the bytes were read with. */
  encoding?: string;
  rows: ImportRow[];
  /** The whole file is refused (`bad fail.....`, not JSON, not GPX, bad header). */
  fileError: string | null;
}

/** 'kp.ra' → 'ra', 'data.loc.lat' → 'lat': errors name the column a CSV user sees. */
function fieldName(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  if (parts[0] === 'kp' || parts[0] === 'data') parts.shift();
  if (parts[0] === 'loc' && parts.length > 1) parts.shift();
  return parts.join('.') || 'row';
}

/**
 * Validates a candidate checkpoint with the shared schema and the answer rule, adding to
 * `errors`; answers the normalised input when the row has no errors at all.
 */
export function checkInput(candidate: unknown, errors: string[]): ParsedCheckpointInput | null {
  const parsed = CheckpointInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors.push(`${fieldName(issue.path)}: ${issue.message}`);
    return null;
  }
  const bad = validateCheckpointAnswer(parsed.data.data, parsed.data.answer);
  if (bad) errors.push(bad);
  return errors.length === 0 ? parsed.data : null;
}

/**
 * The inputs to send for writing, or null when the import must be refused: a file error or any
 * row with errors refuses the whole file, so a refused import writes nothing.
 */
export function acceptedInputs(preview: ImportPreview): ParsedCheckpointInput[] | null {
  if (preview.fileError !== null) return null;
  const inputs: ParsedCheckpointInput[] = [];
  for (const row of preview.rows) {
    if (!row.input || row.errors.length > 0) return null;
    inputs.push(row.input);
  }
  return inputs;
}
