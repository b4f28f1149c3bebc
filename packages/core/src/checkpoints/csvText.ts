/**
 * Delimited text reading and writing: fields quoted with `"` (doubled inside), CRLF or LF line
 * ends, newlines and delimiters allowed inside quoted fields.
 */

export type CsvDelimiter = ';' | ',' | '\t';

export interface CsvRecord {
  /** The line the record starts on (1-based). */
  line: number;
  cells: string[];
  /** Whether each cell was quoted; quoted cells keep their surrounding spaces. */
  quoted: boolean[];
  /** The file ended inside a quoted field. */
  unterminated: boolean;
}

/** Counts each candidate outside quotes on the first non-empty logical line. */
function firstLineCounts(text: string): Record<CsvDelimiter, number> {
  const counts: Record<CsvDelimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  let inQuotes = false;
  let seen = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') inQuotes = !inQuotes;
    else if (inQuotes) continue;
    else if (c === '\n' || c === '\r') {
      if (seen) break;
    } else if (c === ';' || c === ',' || c === '\t') {
      counts[c]++;
      seen = true;
    } else if (c !== ' ') seen = true;
  }
  return counts;
}

/**
 * Picks the delimiter from the first non-empty line: the first of `;`, tab, `,` that occurs at
 * least 3 times (4 columns); otherwise the most frequent. `;` and tab go before `,` because a
 * decimal comma is common in Estonian spreadsheets.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = firstLineCounts(text);
  const order: CsvDelimiter[] = [';', '\t', ','];
  const enough = order.find((d) => counts[d] >= 3);
  if (enough) return enough;
  return order.reduce((best, d) => (counts[d] > counts[best] ? d : best), ';');
}

/** The characters String.prototype.trim removes. */
const WHITESPACE = /\s/;

/** Splits text into records of cells. Empty lines become records with one empty cell. */
export function readCsv(text: string, delimiter: CsvDelimiter): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let quoted: boolean[] = [];
  let field = '';
  /** Whether `field` is only whitespace so far (tracked, not tested: trim per character is quadratic). */
  let blank = true;
  let isQuoted = false;
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  const endField = () => {
    cells.push(field);
    quoted.push(isQuoted);
    field = '';
    blank = true;
    isQuoted = false;
  };
  const endRecord = (unterminated: boolean) => {
    endField();
    records.push({ line: recordLine, cells, quoted, unterminated });
    cells = [];
    quoted = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && !isQuoted && blank) {
      inQuotes = true;
      isQuoted = true;
      field = '';
    } else if (c === delimiter) endField();
    else if (c === '\n' || c === '\r') {
      endRecord(false);
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      recordLine = line;
    } else {
      if (blank && !WHITESPACE.test(c)) blank = false;
      field += c;
    }
  }
  if (inQuotes || field !== '' || isQuoted || cells.length > 0) endRecord(inQuotes);
  return records;
}

/** One field for writing: quoted when it holds the delimiter, a quote, a line end or edge spaces. */
export function csvField(value: string, delimiter: CsvDelimiter): string {
  const needsQuotes =
    value.includes(delimiter) ||
    value.includes('"') ||
    value.includes('\n') ||
    value.includes('\r') ||
    value !== value.trim();
  return needsQuotes ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One line for writing, without its line end. */
export function csvLine(cells: string[], delimiter: CsvDelimiter): string {
  return cells.map((c) => csvField(c, delimiter)).join(delimiter);
}
