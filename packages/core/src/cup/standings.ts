import { placeLabel } from '../scoring/rank.ts';
import type { ResultStatus } from '../scoring/types.ts';

/**
 * The cup engine (shared/spec/05-cup-rules.md): the cup's settings, its events' results and the
 * cup admins' edits and joins → standings per class. Pure: no I/O, no clock.
 */

/** The note stored with an edited cell (05 §5). */
export const CUP_EDIT_NOTE = 'Changed single points';
/** The label of a join's undo entry (05 §5). */
export const CUP_JOIN_UNDO = 'Joined teams';

/**
 * A cup's title: its name and year, the year left out when the name already holds it
 * ("Autumn Cup 2026", not "Autumn Cup 2026 2026").
 */
export function cupTitle(cup: { name: string; year: number }): string {
  const name = cup.name.trim();
  return new RegExp(`(^|\\D)${cup.year}(\\D|$)`).test(name) ? name : `${name} ${cup.year}`;
}

/** The arithmetic settings of a cup (05 §1). */
export interface CupSettings {
  /** Points by place: `points[0]` for 1st. Empty: unconfigured, no standings. */
  points: readonly number[];
  growingpoints: boolean;
  atleast1: boolean;
  missvalue: number;
  /** How many of a team's scores count; 5 when not a positive number. */
  countingevents: number | null;
}

/** One team of an event's results, as the cup reads it (03 §12 status, class place). */
export interface CupEventTeam {
  teamId: string;
  name: string;
  /** The team's class name in the event ('' for none). */
  className: string;
  place: number | null;
  status: ResultStatus;
  /** The account that registered or first joined the team, or null. */
  owner: string | null;
}

/** One event of the cup with its results; `teams` null while it has none. */
export interface CupEvent {
  id: string;
  starttime: number | null;
  teams: readonly CupEventTeam[] | null;
}

/** A cup admin's value for one cup team in one event (05 §5, "Changed single points"). */
export interface CupEdit {
  event: string;
  team: string;
  value: number;
}

/** Two cup teams joined by a cup admin: `other`'s scores go to `keep` (05 §5). */
export interface CupJoin {
  keep: string;
  other: string;
}

/**
 * One row of the standings: a cup team in a class (05 §7). Two teams may be joined only when no
 * event has an `own` score of both (05 §5).
 */
export interface CupRow {
  /** The class name as last seen ('' for teams without a class). */
  class: string;
  key: string;
  name: string;
  /** Every name the cup team was seen with, in cup order. */
  allnames: string[];
  place: number | null;
  placeLabel: string;
  /** One entry per event in cup order; null: nothing. */
  scores: (number | null)[];
  /** Whether each score counts (false for nothing and for unused scores). */
  used: boolean[];
  /** Whether each score is the team's own: it took part, or a cup admin edited it (05 §5). */
  own: boolean[];
  /**
   * The cells a cup admin changed (05 §5), by event index: the value the cell would have
   * without the edit (null: nothing). Left out when no cell of the row is edited.
   */
  edited?: Record<number, number | null>;
  total: number;
}

/** English collation for class and team names (one collator: `localeCompare` builds one a call). */
const byName = new Intl.Collator('en');

/** The default of `countingevents` (05 §4). */
export const DEFAULT_COUNTING_EVENTS = 5;

/** The points presets (05 §1): "25" and "100". */
export const CUP_POINTS_PRESETS: Record<'25' | '100', readonly number[]> = {
  '25': [25, 22, 20, 18, ...Array.from({ length: 17 }, (_, i) => 17 - i)],
  '100': [100, 97, 95, 93, ...Array.from({ length: 92 }, (_, i) => 92 - i)],
};

/** The next points entry added by hand: one lower than the last, 25 for the first (05 §1). */
export const nextPointsEntry = (points: readonly number[]): number =>
  points.length === 0 ? 25 : points.at(-1)! - 1;

/** A class or team name compared across events: trimmed, lower case, runs of spaces as one. */
export const normaliseCupName = (name: string): string =>
  name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The cup team key (05 §7): `u:<account>` with an owner, else `n:<class>:<name>`. */
export function cupTeamKey(team: Pick<CupEventTeam, 'owner' | 'className' | 'name'>): string {
  return team.owner !== null
    ? `u:${team.owner}`
    : `n:${normaliseCupName(team.className)}:${normaliseCupName(team.name)}`;
}

/** The events in cup order: by start time (unknown last), then id (05 §1). */
export function cupOrder<T extends { id: string; starttime: number | null }>(
  events: readonly T[],
): T[] {
  return [...events].sort(
    (a, b) =>
      (a.starttime ?? Infinity) - (b.starttime ?? Infinity) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** A team's points from one event (05 §3); null when it did not take part. */
export function eventPoints(
  cup: CupSettings,
  team: Pick<CupEventTeam, 'place' | 'status'>,
): number | null {
  if (team.status === 'notstarted') return null;
  if (team.status === 'dsq' || team.status === 'katk') return cup.growingpoints ? cup.missvalue : 0;
  const place = team.place;
  let points = place === null ? 0 : (cup.points[place - 1] ?? (cup.growingpoints ? place : 0));
  if (!cup.growingpoints && cup.atleast1) points = Math.max(1, points);
  return points;
}

interface Entry {
  classKey: string;
  key: string;
  className: string;
  name: string;
  allnames: string[];
  /** The name of the team's own key (not a joined one's) in the latest event it took part in. */
  ownName: string;
  /** Its own key's name in the latest event it was in at all (for a team kept only by edits). */
  ownSeen: string;
  scores: (number | null)[];
  /** Whether the team took part in each event in this class. */
  took: boolean[];
}

/** What the standings read of an event team's names: its class and cup team keys, trimmed names. */
interface TeamKeys {
  classKey: string;
  className: string;
  /** The cup team key before joins. */
  own: string;
  name: string;
}

/**
 * Each event's team keys, kept while its teams array lives: a server recomputes a cup after one
 * event's results change and passes the other events' arrays unchanged (bench/cups.ts), so their
 * thousands of names are not normalised again. The arrays are read as immutable.
 */
const teamKeysCache = new WeakMap<readonly CupEventTeam[], TeamKeys[]>();
function teamKeysOf(teams: readonly CupEventTeam[]): TeamKeys[] {
  let keys = teamKeysCache.get(teams);
  if (!keys) {
    keys = teams.map((team) => ({
      classKey: normaliseCupName(team.className),
      className: team.className.trim(),
      own: cupTeamKey(team),
      name: team.name.trim(),
    }));
    teamKeysCache.set(teams, keys);
  }
  return keys;
}

/**
 * The standings (05 §2–5): one row per cup team and class, sorted by class name, then place
 * (teams without a score last), then name. Edits replace computed values (the row's `edited`
 * keeps what they replace); a join moves the other team's event teams and edits to the kept team
 * where it has none, and the kept team keeps its name. No rows without points.
 */
export function cupStandings(
  cup: CupSettings,
  events: readonly CupEvent[],
  edits: readonly CupEdit[] = [],
  joins: readonly CupJoin[] = [],
): CupRow[] {
  if (cup.points.length === 0) return [];
  const ordered = cupOrder(events);
  const n = ordered.length;
  const joinedTo = new Map<string, string>();
  for (const j of joins) joinedTo.set(j.other, j.keep);
  const resolve = (key: string): string => {
    let k = key;
    for (let hops = 0; joinedTo.has(k) && hops < joins.length; hops++) k = joinedTo.get(k)!;
    return k;
  };

  /** Class key → cup team key → entry. */
  const entries = new Map<string, Map<string, Entry>>();
  const entryOf = (classKey: string, key: string, className: string): Entry => {
    let inClass = entries.get(classKey);
    if (!inClass) entries.set(classKey, (inClass = new Map()));
    let e = inClass.get(key);
    if (!e) {
      e = {
        classKey,
        key,
        className,
        name: '',
        allnames: [],
        ownName: '',
        ownSeen: '',
        scores: new Array<number | null>(n).fill(null),
        took: new Array<boolean>(n).fill(false),
      };
      inClass.set(key, e);
    }
    return e;
  };

  /** Class key → its name as last seen, in cup order. */
  const classNames = new Map<string, string>();
  ordered.forEach((event, i) => {
    const teams = event.teams ?? [];
    const keys = teamKeysOf(teams);
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t]!;
      const { classKey, className, own, name } = keys[t]!;
      classNames.set(classKey, className);
      const key = joinedTo.size === 0 ? own : resolve(own);
      const e = entryOf(classKey, key, className);
      if (!e.allnames.includes(name)) e.allnames.push(name);
      if (own === key) e.ownSeen = name;
      const points = eventPoints(cup, team);
      if (points === null) continue;
      // The kept team's own result wins over a joined one's in the same event.
      if (e.took[i] && own !== key) continue;
      e.took[i] = true;
      e.scores[i] = points;
      e.name = name;
      if (own === key) e.ownName = name;
    }
  });

  const eventIndex = new Map(ordered.map((e, i) => [e.id, i]));
  /** Cup team key → its edited values by event index. */
  const editOf = new Map<string, (number | undefined)[]>();
  const ownFirst = (edit: CupEdit) => Number(resolve(edit.team) === edit.team);
  // Joined teams' edits first, so a kept team's own edit wins.
  for (const edit of [...edits].sort((a, b) => ownFirst(a) - ownFirst(b))) {
    const i = eventIndex.get(edit.event);
    if (i === undefined) continue;
    const key = resolve(edit.team);
    let values = editOf.get(key);
    if (!values) editOf.set(key, (values = new Array<number | undefined>(n)));
    values[i] = edit.value;
  }

  const counting =
    typeof cup.countingevents === 'number' && cup.countingevents > 0
      ? Math.floor(cup.countingevents)
      : DEFAULT_COUNTING_EVENTS;
  const better = (a: number, b: number) => (cup.growingpoints ? a - b : b - a);
  const hasResults = ordered.map((event) => event.teams !== null);
  /** Class key → its rows. */
  const classOf = new Map<string, CupRow[]>();
  for (const [classKey, inClass] of entries) {
    const list: CupRow[] = [];
    classOf.set(classKey, list);
    for (const e of inClass.values()) {
      const edited = editOf.get(e.key);
      // Teams that never took part (only not started) and have no edit are not in the cup.
      if (!e.took.includes(true) && !edited?.some((v) => v !== undefined)) continue;
      const scores = new Array<number | null>(n);
      const own = new Array<boolean>(n);
      const counted: number[] = [];
      let before: Record<number, number | null> | undefined;
      for (let i = 0; i < n; i++) {
        const value = edited?.[i];
        own[i] = e.took[i]! || value !== undefined;
        const computed = e.took[i] ? e.scores[i]! : hasResults[i] ? cup.missvalue : null;
        if (value !== undefined) (before ??= {})[i] = computed;
        scores[i] = value !== undefined ? value : computed;
        if (scores[i] !== null) counted.push(i);
      }
      counted.sort((a, b) => better(scores[a]!, scores[b]!) || a - b);
      const used = new Array<boolean>(n).fill(false);
      let total = 0;
      for (let c = 0; c < counted.length && c < counting; c++) {
        used[counted[c]!] = true;
        total += scores[counted[c]!]!;
      }
      list.push({
        class: classNames.get(classKey) ?? e.className,
        key: e.key,
        // A joined team's names stay in allnames; the kept team keeps its own (05 §5).
        name: e.ownName || e.ownSeen || e.name || (e.allnames.at(-1) ?? ''),
        allnames: e.allnames,
        place: null,
        placeLabel: '',
        scores,
        used,
        own,
        ...(before && { edited: before }),
        total,
      });
    }
  }

  // Ranking per class (05 §4): total, then the last event in which the scores differ.
  const worst = cup.growingpoints ? Infinity : -Infinity;
  const compare = (a: CupRow, b: CupRow): number => {
    const byTotal = better(a.total, b.total);
    if (byTotal !== 0) return byTotal;
    for (let i = n - 1; i >= 0; i--) {
      const d = better(a.scores[i] ?? worst, b.scores[i] ?? worst);
      if (d !== 0 && !Number.isNaN(d)) return d;
    }
    return 0;
  };
  for (const list of classOf.values()) {
    const ranked = list.filter((r) => r.scores.some((s) => s !== null)).sort(compare);
    ranked.forEach((r, i) => {
      const prev = ranked[i - 1];
      r.place = prev && compare(prev, r) === 0 ? prev.place : i + 1;
      r.placeLabel = placeLabel(r.place);
    });
  }
  // Class names are collated once; names only where class and place tie.
  const classRank = new Map<string, number>();
  const classList = [...new Set(classNames.values())].sort(byName.compare);
  classList.forEach((name, i) => {
    const prev = classList[i - 1];
    classRank.set(
      name,
      prev !== undefined && byName.compare(prev, name) === 0 ? classRank.get(prev)! : i,
    );
  });
  const rows = [...classOf.values()].flat();
  return rows.sort(
    (a, b) =>
      classRank.get(a.class)! - classRank.get(b.class)! ||
      (a.place ?? Infinity) - (b.place ?? Infinity) ||
      byName.compare(a.name, b.name) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}
