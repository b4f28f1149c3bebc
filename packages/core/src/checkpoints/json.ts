import {
  checkInput,
  importIssue,
  type ImportIssue,
  type ImportPreview,
  type ImportRow,
} from './preview.ts';
import type { Checkpoint } from './types.ts';

type JsonMap = Record<string, unknown>;
const isMap = (v: unknown): v is JsonMap =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Writes checkpoints as `{"kp": {...}, "kpdata": {...}, "kpanswer": {...}}` keyed by checkpoint
 * id, the shape of the event file's eventsdata parts; checkpoints without an answer have no
 * kpanswer entry. Indented with two spaces.
 */
export function exportCheckpointsJson(cps: Checkpoint[]): string {
  const kp: JsonMap = {};
  const kpdata: JsonMap = {};
  const kpanswer: JsonMap = {};
  for (const cp of cps) {
    kp[cp.id] = cp.kp;
    kpdata[cp.id] = cp.data;
    if (cp.answer !== undefined && cp.answer !== null) kpanswer[cp.id] = cp.answer;
  }
  return `${JSON.stringify({ kp, kpdata, kpanswer }, null, 2)}\n`;
}

function rowsFromMaps(parts: JsonMap): ImportRow[] | ImportIssue {
  const { kp, kpdata = {}, kpanswer = {} } = parts;
  if (!isMap(kp) || !isMap(kpdata) || !isMap(kpanswer))
    return importIssue('kpimport.err.jsonparts');
  const rows: ImportRow[] = [];
  for (const [id, doc] of Object.entries(kp)) {
    const errors: ImportIssue[] = [];
    const answer = kpanswer[id];
    const input = checkInput(
      {
        id,
        kp: doc,
        data: kpdata[id] ?? {},
        answer: answer === undefined || answer === '' ? null : answer,
      },
      errors,
    );
    rows.push({ line: rows.length + 1, input, errors });
  }
  for (const [part, map] of [
    ['kpdata', kpdata],
    ['kpanswer', kpanswer],
  ] as const) {
    for (const id of Object.keys(map)) {
      if (!Object.hasOwn(kp, id))
        rows.push({
          line: rows.length + 1,
          input: null,
          errors: [importIssue('kpimport.err.orphan', { field: part, value: id })],
        });
    }
  }
  return rows;
}

function rowsFromList(list: unknown[]): ImportRow[] {
  return list.map((item, i) => {
    const errors: ImportIssue[] = [];
    return { line: i + 1, input: checkInput(item, errors), errors };
  });
}

/**
 * Reads checkpoints from JSON: our export (`{kp, kpdata, kpanswer}` keyed by id), a whole event
 * file (its eventsdata parts), an array of checkpoint inputs (`{id?, kp, data, answer}`), or
 * `{checkpoints: [...]}` as the API lists them. Each checkpoint is a row validated with the shared
 * schemas; a row's `line` is its position in the file.
 */
export function parseCheckpointJson(text: string): ImportPreview {
  const preview: ImportPreview = { format: 'json', rows: [], fileError: null };
  let value: unknown;
  try {
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    return { ...preview, fileError: importIssue('kpimport.err.notjson') };
  }
  let rows: ImportRow[] | ImportIssue;
  if (Array.isArray(value)) rows = rowsFromList(value);
  else if (isMap(value) && Array.isArray(value.checkpoints)) rows = rowsFromList(value.checkpoints);
  else if (isMap(value) && isMap(value.eventsdata)) rows = rowsFromMaps(value.eventsdata);
  else if (isMap(value) && isMap(value.kp)) rows = rowsFromMaps(value);
  else rows = importIssue('kpimport.err.jsonshape');
  if (!Array.isArray(rows)) return { ...preview, fileError: rows };
  if (rows.length === 0)
    return { ...preview, fileError: importIssue('kpimport.err.nocheckpoints') };
  return { ...preview, rows };
}
