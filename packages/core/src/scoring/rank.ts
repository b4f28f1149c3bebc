/** What the ranking rules of spec 03 §11 read about one team. */
export interface RankRow {
  teamId: string;
  name: string;
  dsq: boolean;
  katk: boolean;
  /** Not started (spec 03 §12): no place, listed after the placed teams. */
  notstarted: boolean;
  overtime: boolean;
  sum: number;
  spent: number | null;
  okcount: number;
  /** Ok checkpoints per class number. */
  rasums: Record<string, number>;
  spdpenalty: number;
  /** Average speed (track metres per ms), or null without distance or time. */
  spdavg: number | null;
}

/** Sums closer than this are equal: shared points are fractions kept as floating point. */
const POINTS_EPSILON = 1e-9;

const nullLast = (a: number | null, b: number | null): number =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b;

/**
 * Compares two teams by the ordered rule names (spec 03 §11); negative when `a` is better.
 * `classesDesc` lists the event's checkpoint classes, highest first, for `highkp`.
 * Unknown rule names are ignored.
 */
export function compareByRules(
  rules: readonly string[],
  classesDesc: readonly number[],
  a: RankRow,
  b: RankRow,
): number {
  for (const rule of rules) {
    let d = 0;
    switch (rule) {
      case 'dsq':
        d = Number(a.dsq) - Number(b.dsq);
        break;
      case 'katk':
        d = Number(a.katk) - Number(b.katk);
        break;
      case 'intime':
        d = Number(a.overtime) - Number(b.overtime);
        break;
      case 'points': {
        const diff = b.sum - a.sum;
        d = Math.abs(diff) > POINTS_EPSILON ? diff : 0;
        break;
      }
      case 'spent':
        d = nullLast(a.spent, b.spent);
        break;
      case 'okcount':
        d = b.okcount - a.okcount;
        break;
      case 'highkp':
        for (const c of classesDesc) {
          d = (b.rasums[c] ?? 0) - (a.rasums[c] ?? 0);
          if (d !== 0) break;
        }
        break;
      case 'spdpenalty':
        d = a.spdpenalty - b.spdpenalty;
        break;
      case 'spdavg':
        d = nullLast(a.spdavg, b.spdavg);
        break;
      default:
        break;
    }
    if (d !== 0) return d;
  }
  return 0;
}

/** The order and places of one group of teams (a class, or everyone). */
export interface Ranking {
  /** Indices into the rows: placed teams best first, then not started, dsq and katk teams. */
  order: number[];
  /** Place per row index (1-based, shared on full ties); null for the unplaced. */
  places: Map<number, number | null>;
}

/**
 * Ranks the rows at `indices` (spec 03 §11, §12): teams equal on every rule share a place
 * (1, 1, 3); teams that have not started, then dsq and then katk teams get no place and come last
 * in that order. Ties are listed by name, then id.
 */
export function rankGroup(
  rows: readonly RankRow[],
  indices: readonly number[],
  rules: readonly string[],
  classesDesc: readonly number[],
): Ranking {
  const cmp = (i: number, j: number) => compareByRules(rules, classesDesc, rows[i]!, rows[j]!);
  const byName = (i: number, j: number) => {
    const a = rows[i]!;
    const b = rows[j]!;
    return a.name < b.name
      ? -1
      : a.name > b.name
        ? 1
        : a.teamId < b.teamId
          ? -1
          : a.teamId > b.teamId
            ? 1
            : 0;
  };
  const full = (i: number, j: number) => cmp(i, j) || byName(i, j);
  const placed: number[] = [];
  const notstarted: number[] = [];
  const dsq: number[] = [];
  const katk: number[] = [];
  for (const i of indices) {
    const r = rows[i]!;
    (r.dsq ? dsq : r.katk ? katk : r.notstarted ? notstarted : placed).push(i);
  }
  for (const list of [placed, notstarted, dsq, katk]) list.sort(full);
  const places = new Map<number, number | null>();
  let place = 0;
  placed.forEach((i, k) => {
    if (k === 0 || cmp(placed[k - 1]!, i) !== 0) place = k + 1;
    places.set(i, place);
  });
  for (const i of [...notstarted, ...dsq, ...katk]) places.set(i, null);
  return { order: [...placed, ...notstarted, ...dsq, ...katk], places };
}

/**
 * Orders class keys for output: classes of the `klassid` map in its order, then other classes by
 * name, then the teams without a class (key null).
 */
export function orderClasses(
  keys: Iterable<string | null>,
  classes: Map<string, string>,
): (string | null)[] {
  const known = [...classes.keys()];
  const present = new Set(keys);
  const out: (string | null)[] = known.filter((k) => present.has(k));
  const others = [...present].filter((k): k is string => k !== null && !classes.has(k));
  others.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  out.push(...others);
  if (present.has(null)) out.push(null);
  return out;
}

/** The place label: 'I', 'II', 'III' for the first three, then the number; '' for no place. */
export function placeLabel(place: number | null): string {
  if (place === null) return '';
  return place === 1 ? 'I' : place === 2 ? 'II' : place === 3 ? 'III' : String(place);
}
