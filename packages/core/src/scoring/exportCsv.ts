import { csvDocument } from '../csv.ts';
import type { CsvCell } from '../csv.ts';
import type { ResultsDisplaySettings } from '../results.ts';
import { isoWithOffset } from '../xmlText.ts';
import { placeLabel } from './rank.ts';
import type { RouteVisit } from './splits.ts';
import type { TeamResult } from './types.ts';

/** Points as shown (spec 03: at most two decimals); the JSON output keeps them exact. */
export function formatPoints(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** The columns of the results CSV; their headers are `label('col.' + key)`. */
const COLUMNS = [
  'class',
  'place',
  'placelabel',
  'overallplace',
  'nr',
  'teamId',
  'name',
  'status',
  'sum',
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
  'starttime',
  'finishtime',
  'spenttime',
  'overtime',
  'route',
] as const;
type Column = (typeof COLUMNS)[number];

export interface ResultsCsvOptions {
  /** Class id → display name; ids without one are written as they are. */
  classNames?: ReadonlyMap<string, string>;
  /**
   * Header and value texts by key (`col.{column}`, `status.{status}`, `yes`); the command line
   * leaves it out and gets the key's last part (`sum`, `finished`).
   */
  label?: (key: string) => string;
  /** The event's display settings: `hidewrongmarks`, `distanceinresult`, `pointssuffix`. */
  display?: Partial<
    Pick<ResultsDisplaySettings, 'hidewrongmarks' | 'distanceinresult' | 'pointssuffix'>
  >;
  /** The offset of the written times (ISO 8601); UTC when left out. */
  offsetMinutes?: (t: number) => number;
}

const lastPart = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** A route as text: `3 10:12:05, 7 ✗ 10:40:00` (local times of day; ✗ marks a wrong mark). */
function routeText(
  route: readonly RouteVisit[],
  hideWrong: boolean,
  offset: (t: number) => number,
) {
  return route
    .filter((v) => !(hideWrong && v.state === 'wrong'))
    .map((v) => {
      const time = v.aeg === null ? '' : ` ${isoWithOffset(v.aeg, offset).slice(11, 19)}`;
      return `${v.kp}${v.state === 'wrong' ? ' ✗' : ''}${time}`;
    })
    .join(', ');
}

/**
 * The results as CSV (csvDocument: `;`, BOM, formula guard), one row per record in the given
 * order, with the class of each. Points are rounded to two decimals and written as numbers;
 * times are ISO 8601 with the offset; `rasums` is written as `class×count` pairs (`1×4 3×1`: a
 * spreadsheet turns the older `1:4` into a time of day), `timepenaltys`
 * space separated. The display settings drop the wrong-mark count (`hidewrongmarks`) and the
 * distance (without `distanceinresult`) and name the points' unit (`pointssuffix`); the route
 * column is there when some record has a route (roadbook events).
 */
export function resultsToCsv(
  results: readonly TeamResult[],
  options: ResultsCsvOptions = {},
): string {
  const { classNames = new Map(), label = lastPart, display, offsetMinutes = () => 0 } = options;
  const hideWrong = display?.hidewrongmarks === true;
  const columns = COLUMNS.filter(
    (c) =>
      !(c === 'wrongcount' && hideWrong) &&
      !((c === 'dst' || c === 'dstpoints') && display && display.distanceinresult !== true) &&
      !(c === 'route' && !results.some((r) => r.route)),
  );
  const suffix = display?.pointssuffix ?? '';
  const header = columns.map((c) => {
    const text = label(`col.${c}`);
    return c === 'sum' && suffix ? `${text} (${suffix})` : text;
  });
  const points = (v: number) => Number(formatPoints(v));
  const rows = results.map((r) => {
    const cell = (c: Column): CsvCell => {
      switch (c) {
        case 'class':
          return r.klassid === null ? '' : (classNames.get(r.klassid) ?? r.klassid);
        case 'placelabel':
          return placeLabel(r.place);
        case 'name':
          return r.name;
        case 'status':
          return label(`status.${r.status}`);
        case 'rasums':
          return Object.keys(r.rasums)
            .sort((a, b) => Number(a) - Number(b))
            .map((k) => `${k}×${r.rasums[k]}`)
            .join(' ');
        case 'timepenaltys':
          return r.timepenaltys.map(formatPoints).join(' ');
        case 'starttime':
        case 'finishtime':
          return r[c] === null ? '' : isoWithOffset(r[c], offsetMinutes);
        case 'overtime':
          return r.overtime ? label('yes') : '';
        case 'route':
          return r.route ? routeText(r.route, hideWrong, offsetMinutes) : '';
        case 'nr':
        case 'teamId':
          return r[c];
        case 'spenttime':
          // A duration: a spreadsheet may read it as the time it is.
          return r.spenttime === null ? null : { time: r.spenttime };
        case 'place':
        case 'overallplace':
        case 'okcount':
        case 'wrongcount':
        case 'dst':
          return r[c];
        case 'sum':
        case 'kpsum':
        case 'kppenalty':
        case 'kpkokku':
        case 'firstkpsbonus':
        case 'firstbonus':
        case 'lypoints':
        case 'dstpoints':
        case 'timepenaltytotal':
        case 'spdpenalty':
          return points(r[c]);
      }
    };
    return columns.map(cell);
  });
  return csvDocument(header, rows);
}
