/**
 * The columns of the checkpoint CSV format (docs/kp-import.md), shared by the reader and the
 * writer so that an export always imports back.
 */

export type ColumnKind =
  | 'nr'
  | 'lat'
  | 'lng'
  | 'kpNumber'
  | 'kpBoolean'
  | 'kpText'
  | 'dataText'
  | 'dataBoolean'
  | 'scores'
  | 'id'
  | 'answer'
  | 'extra'
  | 'response';

export interface CsvColumn {
  /** The header name the export writes (the stored field name where there is one). */
  name: string;
  kind: ColumnKind;
  /** Other header names read as this column (lower case). */
  aliases?: readonly string[];
}

const col = (name: string, kind: ColumnKind, aliases?: readonly string[]): CsvColumn =>
  aliases ? { name, kind, aliases } : { name, kind };

/** The order of a file without a header row; every further column holds responses. */
export const POSITIONAL_COLUMNS: readonly CsvColumn[] = [
  col('nr', 'nr', ['kp', 'number']),
  col('lat', 'lat', ['latitude', 'laius']),
  col('lng', 'lng', ['lon', 'long', 'longitude', 'pikkus']),
  col('desc', 'dataText', ['description', 'kirjeldus']),
  col('ra', 'kpNumber'),
  col('grp', 'kpNumber'),
  col('kohustuslik', 'kpBoolean'),
  col('inwork', 'kpBoolean'),
  col('allok', 'kpBoolean'),
  col('tyhistatud', 'kpBoolean'),
  col('maxanswerdistance', 'kpNumber'),
  col('wrongpenalty', 'kpNumber'),
  col('longdesc', 'dataText'),
  col('a', 'dataText'),
];

/** Columns read only by header name; the export writes them between the positional ones and the responses. */
export const NAMED_COLUMNS: readonly CsvColumn[] = [
  col('isauto', 'kpBoolean'),
  col('autokp', 'kpBoolean'),
  col('noopenwhennotclose', 'kpBoolean'),
  col('dependkp', 'kpText'),
  col('anycross', 'dataBoolean'),
  col('scores', 'scores'),
  col('id', 'id'),
  col('answer', 'answer'),
  col('extra', 'extra'),
];

/** The languages the export writes headers in. */
export type CsvHeaderLanguage = 'en' | 'et';

/**
 * The headers a person reads, per language: part of the format, so a file exported in either
 * language imports back. Response columns are `Response 1` / `Vastus 1`…
 */
export const HUMAN_HEADERS: Record<CsvHeaderLanguage, Record<string, string>> = {
  en: {
    nr: 'KP number',
    lat: 'Latitude',
    lng: 'Longitude',
    desc: 'Description',
    ra: 'Value class',
    grp: 'Group',
    kohustuslik: 'Mandatory',
    inwork: 'In work',
    allok: 'Every answer correct',
    tyhistatud: 'Cancelled',
    maxanswerdistance: 'Max answer distance (m)',
    wrongpenalty: 'Wrong answer penalty',
    longdesc: 'Long description',
    a: 'Text answer',
    isauto: 'Automatic',
    autokp: 'Auto KP',
    noopenwhennotclose: 'Opens only nearby',
    dependkp: 'Depends on KP',
    anycross: 'Any crossing',
    scores: 'Answer scores',
    id: 'Id',
    answer: 'Correct answer',
    extra: 'Other fields (JSON)',
    response: 'Response',
  },
  et: {
    nr: 'KP number',
    lat: 'Laiuskraad',
    lng: 'Pikkuskraad',
    desc: 'Kirjeldus',
    ra: 'Väärtusklass',
    grp: 'Grupp',
    kohustuslik: 'Kohustuslik',
    inwork: 'Töös',
    allok: 'Kõik vastused õiged',
    tyhistatud: 'Tühistatud',
    maxanswerdistance: 'Suurim vastamiskaugus (m)',
    wrongpenalty: 'Vale vastuse trahv',
    longdesc: 'Pikk kirjeldus',
    a: 'Tekstivastus',
    isauto: 'Automaatne',
    autokp: 'Auto-KP',
    noopenwhennotclose: 'Avaneb ainult lähedal',
    dependkp: 'Sõltub KP-st',
    anycross: 'Iga ületus',
    scores: 'Vastuste punktid',
    id: 'Id',
    answer: 'Õige vastus',
    extra: 'Muud väljad (JSON)',
    response: 'Vastus',
  },
};

/** Header names of response columns: response, responses, vastus, vastused, optionally numbered. */
const RESPONSE_HEADER = /^(responses?|vastus(ed)?)\s*\d*$/;

const BY_NAME = new Map<string, CsvColumn>();
for (const c of [...POSITIONAL_COLUMNS, ...NAMED_COLUMNS]) {
  const human = Object.values(HUMAN_HEADERS).map((h) => h[c.name]!.toLowerCase());
  for (const n of [c.name, ...(c.aliases ?? []), ...human]) BY_NAME.set(n, c);
}

/** Response columns: named response…, or every column after the known ones. */
export const RESPONSE_COLUMN: CsvColumn = { name: 'response', kind: 'response' };

/** The column a header cell names, the response column, or null for an unknown name. */
export function columnForHeader(cell: string): CsvColumn | null {
  const name = cell.trim().toLowerCase();
  if (RESPONSE_HEADER.test(name)) return RESPONSE_COLUMN;
  return BY_NAME.get(name) ?? null;
}

/**
 * A row is a header when at least two cells name known columns, one of them nr or lat, and no
 * cell is a number (every data row has a numeric nr or coordinate, or a string nr such as F).
 */
export function isHeaderRow(cells: string[]): boolean {
  let known = 0;
  let key = false;
  for (const cell of cells) {
    if (parseNumberCell(cell) !== null) return false;
    const c = columnForHeader(cell);
    if (!c || c.kind === 'response') continue;
    known++;
    if (c.kind === 'nr' || c.kind === 'lat') key = true;
  }
  return known >= 2 && key;
}

/** The columns of a file without a header: positional, then responses. */
export function positionalColumn(index: number): CsvColumn {
  return POSITIONAL_COLUMNS[index] ?? RESPONSE_COLUMN;
}

/** Values read as true in boolean columns (any case); anything else is false, empty is unset. */
export const TRUE_VALUES: readonly string[] = ['true', '1', 'ok', 'jah', 'y', 'yes'];

/** The KP number a cell means: digits are a number, anything else stays a string ('F', '12a'). */
export function parseNrCell(cell: string): number | string {
  const s = cell.trim();
  return /^\d+$/.test(s) && Number.isSafeInteger(Number(s)) ? Number(s) : s;
}

/** A number with a decimal point or comma, or null when the text is not one. */
export function parseNumberCell(cell: string): number | null {
  const s = cell.trim().replace(',', '.');
  // One way to split a digit run (not `\d+\.?\d*`, which backtracks quadratically on a long one).
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Response ids and texts that survive the `id:text` cell syntax unchanged. */
export function isPlainResponse(id: string, text: string): boolean {
  return /^[^:|\\*\s]([^:|\\]*[^:|\\\s])?$/.test(id) && text === text.trim();
}

/** Escapes `\` and `|` inside a response text so several pairs can share one cell. */
export function escapeResponseText(text: string): string {
  return text.replace(/[\\|]/g, (c) => `\\${c}`);
}

/** The column for a stored field name (kp or data key), if the format has one. */
export function columnForField(name: string): CsvColumn | undefined {
  const c = BY_NAME.get(name);
  return c && c.name === name ? c : undefined;
}
