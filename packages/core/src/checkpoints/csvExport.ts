import {
  columnForField,
  escapeResponseText,
  isPlainResponse,
  NAMED_COLUMNS,
  parseNrCell,
  POSITIONAL_COLUMNS,
} from './csvColumns.ts';
import { HUMAN_HEADERS, type CsvHeaderLanguage } from './csvColumns.ts';
import { csvDocument, type CsvCell } from '../csv.ts';
import type { Checkpoint, PrintItem } from './types.ts';

interface ExportRow {
  cells: Map<string, string>;
  responses: string[];
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isLatLng = (v: unknown): v is { lat: number; lng: number } =>
  typeof v === 'object' &&
  v !== null &&
  isFiniteNumber((v as Record<string, unknown>).lat) &&
  isFiniteNumber((v as Record<string, unknown>).lng);
const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields a column can hold exactly; everything else goes to the row's `extra` JSON. */
function fieldCell(key: string, value: unknown, allowed: readonly string[]): string | null {
  const column = columnForField(key);
  if (!column || !allowed.includes(column.kind)) return null;
  const kind = column.kind;
  if (kind === 'kpNumber') return isFiniteNumber(value) ? String(value) : null;
  // Upper case: spreadsheets show TRUE and FALSE as written (they turn `true` into `TRUE`).
  if (kind === 'kpBoolean' || kind === 'dataBoolean')
    return typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : null;
  // An empty text reads back as unset, so it travels in `extra`.
  if (kind === 'kpText' || kind === 'dataText')
    return typeof value === 'string' && value !== '' ? value : null;
  return null;
}

function exportRow(cp: Checkpoint): ExportRow {
  const cells = new Map<string, string>();
  const extraKp: Record<string, unknown> = {};
  const extraData: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  const responses: string[] = [];
  cells.set('id', cp.id);
  for (const [key, value] of Object.entries(cp.kp)) {
    if (value === undefined) continue;
    if (key === 'nr') {
      cells.set('nr', String(value));
      if (parseNrCell(String(value)) !== value) extraKp.nr = value;
      continue;
    }
    const cell = fieldCell(key, value, ['kpNumber', 'kpBoolean', 'kpText']);
    if (cell === null) extraKp[key] = value;
    else cells.set(key, cell);
  }
  const answer = cp.answer ?? null;
  // The correct answer has its own column; only an id the trimmed cell would change goes to extra.
  if (answer !== null && answer !== '' && answer.trim() === answer) cells.set('answer', answer);
  else if (answer !== null) extra.answer = answer;
  for (const [key, value] of Object.entries(cp.data as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (key === 'loc' && isLatLng(value)) {
      cells.set('lat', String(value.lat));
      cells.set('lng', String(value.lng));
    } else if (
      key === 'responses' &&
      isMap(value) &&
      Object.entries(value).every(
        ([id, text]) => typeof text === 'string' && isPlainResponse(id, text),
      )
    ) {
      for (const [id, text] of Object.entries(value)) {
        responses.push(`${id}:${escapeResponseText(String(text))}`);
      }
    } else if (
      key === 'scores' &&
      isMap(value) &&
      Object.entries(value).every(
        ([id, points]) => isPlainResponse(id, '') && isFiniteNumber(points),
      )
    ) {
      cells.set(
        'scores',
        Object.entries(value)
          .map(([id, p]) => `${id}:${String(p)}`)
          .join('|'),
      );
    } else {
      const cell = fieldCell(key, value, ['dataText', 'dataBoolean']);
      if (cell === null) extraData[key] = value;
      else cells.set(key, cell);
    }
  }
  if (Object.keys(extraKp).length > 0) extra.kp = extraKp;
  if (Object.keys(extraData).length > 0) extra.data = extraData;
  if (Object.keys(extra).length > 0) cells.set('extra', JSON.stringify(extra));
  return { cells, responses };
}

/**
 * Writes checkpoints as the CSV format (docs/kp-import.md) in csvDocument's form (`;`, BOM,
 * formula guard, which the reader undoes), with the headers of `language` (HUMAN_HEADERS),
 * the correct answer's id in its own column, responses as trailing `id:text` cells. Named columns appear only
 * when some checkpoint uses them (id always); fields no column can hold exactly go to the
 * `extra` JSON cell, so the file imports back to the same checkpoints.
 */
export function exportCheckpointsCsv(
  cps: Checkpoint[],
  language: CsvHeaderLanguage = 'en',
): string {
  const headers = HUMAN_HEADERS[language];
  const rows = cps.map(exportRow);
  const named = NAMED_COLUMNS.map((c) => c.name).filter(
    (name) => name === 'id' || rows.some((r) => r.cells.has(name)),
  );
  const names = [...POSITIONAL_COLUMNS.map((c) => c.name), ...named];
  const responseCount = Math.max(0, ...rows.map((r) => r.responses.length));
  const header = [
    ...names.map((n) => headers[n]!),
    ...Array.from({ length: responseCount }, (_, i) => `${headers.response} ${i + 1}`),
  ];
  const lines = rows.map((row): CsvCell[] => [
    ...names.map((n) => row.cells.get(n) ?? ''),
    ...row.responses,
    ...Array<string>(responseCount - row.responses.length).fill(''),
  ]);
  return csvDocument(header, lines);
}

/**
 * The `{event}-printitems.csv` download (csvDocument): latitude, longitude, type, name and limit
 * under the given headers, one line per print item in the map's order.
 */
export function printItemsCsv(
  items: Record<string, PrintItem>,
  header: readonly string[] = ['lat', 'lng', 'type', 'name', 'limit'],
): string {
  return csvDocument(
    header,
    Object.values(items).map((item) => [
      item.loc.lat,
      item.loc.lng,
      item.type,
      item.name,
      item.limit,
    ]),
  );
}
