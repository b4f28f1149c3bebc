import { placeLabel } from './rank.ts';
import type { TeamResult } from './types.ts';

/** Points as shown (spec 03: at most two decimals); the JSON output keeps them exact. */
export function formatPoints(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

const CSV_COLUMNS = [
  'class',
  'place',
  'placelabel',
  'overallplace',
  'teamId',
  'name',
  'dsq',
  'katk',
  'okcount',
  'wrongcount',
  'rasums',
  'kpsum',
  'kppenalty',
  'kpkokku',
  'firstkpsbonus',
  'firstbonus',
  'lypoints',
  'dst',
  'dstpoints',
  'timepenaltys',
  'timepenaltytotal',
  'spdpenalty',
  'sum',
  'spent',
  'spenttime',
  'overtime',
] as const;

/** One CSV field: quoted when it holds a separator, quote, line break or edge space. */
function field(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function row(r: TeamResult, className: string): string[] {
  const rasums = Object.keys(r.rasums)
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => `${k}:${r.rasums[k]}`)
    .join(' ');
  const place = (p: number | null) => (p === null ? '' : String(p));
  return [
    className,
    place(r.place),
    placeLabel(r.place),
    place(r.overallplace),
    r.teamId,
    r.name,
    String(r.dsq),
    String(r.katk),
    String(r.okcount),
    String(r.wrongcount),
    rasums,
    formatPoints(r.kpsum),
    formatPoints(r.kppenalty),
    formatPoints(r.kpkokku),
    formatPoints(r.firstkpsbonus),
    formatPoints(r.firstbonus),
    formatPoints(r.lypoints),
    r.dst === null ? '' : String(r.dst),
    formatPoints(r.dstpoints),
    r.timepenaltys.map(formatPoints).join(' '),
    formatPoints(r.timepenaltytotal),
    formatPoints(r.spdpenalty),
    formatPoints(r.sum),
    r.spent === null ? '' : String(r.spent),
    r.spenttime ?? '',
    String(r.overtime),
  ];
}

/**
 * The results as CSV (comma separated, CRLF line ends, header row), one row per record in the
 * given order. `classNames` maps class ids to display names; ids without a name are written as is.
 * Points are rounded to two decimals; `rasums` is written as `class:count` pairs, `timepenaltys`
 * space separated.
 */
export function resultsToCsv(
  results: readonly TeamResult[],
  classNames: ReadonlyMap<string, string> = new Map(),
): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of results) {
    const className = r.klassid === null ? '' : (classNames.get(r.klassid) ?? r.klassid);
    lines.push(row(r, className).map(field).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
