import type { TFunction } from 'i18next';
import { acceptedInputs, planImport } from '@rada/core';
import type {
  Checkpoint,
  CheckpointInput,
  ImportIssue,
  ImportMode,
  ImportPreview,
} from '@rada/core';

/**
 * What the import dialog shows about a parsed file before anything is written: row counts,
 * whether it may be imported, and core planImport's counts of what the chosen mode would add,
 * update, remove and skip.
 */
export interface ImportSummary {
  rows: number;
  /** Rows with at least one error (the whole file is then refused). */
  errorRows: number;
  /** The file as a whole is unreadable (`bad fail.....` and the like). */
  fileError: ImportIssue | null;
  /** The inputs to send, or null when the import is refused. */
  inputs: CheckpointInput[] | null;
  plan: { add: number; update: number; remove: number; skipped: number } | null;
  /** Import may be pressed: no file error, no row errors, at least one row. */
  canImport: boolean;
}

/**
 * The text of a row or file issue in the interface language: its key (`kpimport.err.*`,
 * `kpdata.badresponse`, `bad fail.....`) with the parameters it carries (field, value, count,
 * min, max, line).
 */
export function importIssueText(t: TFunction, issue: ImportIssue): string {
  const { key, ...params } = issue;
  return t(key, params);
}

/** Summarises a preview against the event's checkpoints under an import mode. */
export function importSummary(
  preview: ImportPreview,
  existing: Checkpoint[],
  mode: ImportMode,
): ImportSummary {
  const errorRows = preview.rows.filter((r) => r.errors.length > 0 || !r.input).length;
  const inputs = acceptedInputs(preview);
  const plan = inputs ? planImport(existing, inputs, mode) : null;
  return {
    rows: preview.rows.length,
    errorRows,
    fileError: preview.fileError,
    inputs,
    plan: plan
      ? {
          add: plan.add.length,
          update: plan.update.length,
          remove: plan.remove.length,
          skipped: plan.skipped.length,
        }
      : null,
    canImport: inputs !== null && inputs.length > 0,
  };
}
