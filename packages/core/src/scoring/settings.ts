import { DEFAULT_ORDER_RULES } from '../limits.ts';
import type { ScoringEvent, ScoringTeam } from './types.ts';

/** The distance rule of `S.dstresult` (spec 03 §9). */
export interface DstRule {
  targetdst: number;
  dststeps: number;
  dstpoints: number;
  dstpointssteps: number;
}

/** One extra (`S.ly[name]`): bonus or penalty points, limited to some classes when `classes` is set. */
export interface ExtraRule {
  name: string;
  penalty: boolean;
  /** Null when the extra applies to every class. */
  classes: Set<string> | null;
}

/** The settings the engine reads, resolved once with the event-record fallback of spec 03 §1. */
export interface ScoringSettings {
  joinRequiresConfirmation: boolean;
  rakoef: Record<number, unknown> | null;
  shared: Set<number>;
  answerScores: boolean;
  wrongPenaltyEnabled: boolean;
  wrongCoef: number;
  firstKpVisitBonus: boolean;
  firstKpVisitAddBonus: number | null;
  massStart: number | null;
  ajad: unknown;
  speedPenalty: number;
  extras: ExtraRule[];
  dstResult: DstRule | null;
  firstBonus: number[];
  firstBonusIsMultiplier: boolean;
  orderRules: string[];
  /** The `klassid` class map: id → display name, in the settings' order. */
  classes: Map<string, string>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A setting by key: `S[key]`, else the event record's field (`rakoef`, `klassid`, `orderrules`),
 * else the event record's `data[key]` (spec 03 §1). Null and undefined both count as missing.
 */
export function setting(event: ScoringEvent, key: string): unknown {
  const own = event.settings[key];
  if (own !== undefined && own !== null) return own;
  const record = event.event as Record<string, unknown>;
  if (key !== 'data' && key !== 'starttime') {
    const onRecord = record[key];
    if (onRecord !== undefined && onRecord !== null) return onRecord;
  }
  return event.event.data?.[key] ?? undefined;
}

/** Parses `sharedrakoef` ("2,3", a number, or a list) into class numbers. */
export function parseShared(value: unknown): Set<number> {
  const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
  const out = new Set<number>();
  for (const p of parts) {
    const s = String(p).trim();
    if (s !== '' && Number.isFinite(Number(s))) out.add(Number(s));
  }
  return out;
}

function parseExtras(value: unknown): ExtraRule[] {
  if (!isObject(value)) return [];
  return Object.entries(value).map(([name, rule]) => {
    const r = isObject(rule) ? rule : {};
    const fc = r.forclasses;
    let classes: Set<string> | null = null;
    if (Array.isArray(fc) && fc.length > 0) classes = new Set(fc.map(String));
    else if (isObject(fc) && Object.keys(fc).length > 0)
      classes = new Set(Object.keys(fc).filter((k) => fc[k]));
    return { name, penalty: r.ispenalty === true, classes };
  });
}

function parseDst(value: unknown): DstRule | null {
  if (!isObject(value)) return null;
  return {
    targetdst: num(value.targetdst) ?? 0,
    dststeps: num(value.dststeps) || 1,
    dstpoints: num(value.dstpoints) ?? 0,
    dstpointssteps: num(value.dstpointssteps) ?? 1,
  };
}

/** The `klassid` map as id → name, ordered by each entry's numeric `order` when given. */
export function parseClasses(value: unknown): Map<string, string> {
  const entries: { id: string; name: string; order: number; i: number }[] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      const id = isObject(v) ? String(v.id ?? v.name ?? i) : String(v);
      const name = isObject(v) ? String(v.name ?? id) : String(v);
      entries.push({ id, name, order: isObject(v) ? (num(v.order) ?? i) : i, i });
    });
  } else if (isObject(value)) {
    Object.entries(value).forEach(([id, v], i) => {
      const name = isObject(v) ? String(v.name ?? id) : typeof v === 'string' ? v : id;
      entries.push({ id, name, order: isObject(v) ? (num(v.order) ?? i) : i, i });
    });
  }
  entries.sort((a, b) => a.order - b.order || a.i - b.i);
  return new Map(entries.map((e) => [e.id, e.name]));
}

/** Resolves every setting the engine reads (spec 03 §1, with the defaults the rules name). */
export function resolveSettings(event: ScoringEvent): ScoringSettings {
  const get = (key: string) => setting(event, key);
  const rakoef = get('rakoef');
  const orderRules = get('orderrules');
  const firstBonus = get('firstbonus');
  return {
    joinRequiresConfirmation: get('joinrequiresconfirmation') === true,
    rakoef: Array.isArray(rakoef) || isObject(rakoef) ? (rakoef as Record<number, unknown>) : null,
    shared: parseShared(get('sharedrakoef')),
    answerScores: get('answerscores') === true,
    wrongPenaltyEnabled: get('wrongpenaltyenabled') === true,
    wrongCoef: num(get('wrongcoef')) ?? 1,
    firstKpVisitBonus: get('firstkpvisitbonus') === true,
    firstKpVisitAddBonus: num(get('firstkpvisitaddbonus')),
    massStart: num(get('massstarttimems')),
    ajad: get('ajad'),
    speedPenalty: num(get('speedpenalty')) ?? 0,
    extras: parseExtras(get('ly')),
    dstResult: parseDst(get('dstresult')),
    firstBonus: Array.isArray(firstBonus) ? firstBonus.map((v) => num(v) ?? 0) : [],
    firstBonusIsMultiplier: get('firstbonusismultiplier') === true,
    orderRules:
      Array.isArray(orderRules) && orderRules.length > 0
        ? orderRules.map(String)
        : [...DEFAULT_ORDER_RULES],
    classes: parseClasses(get('klassid')),
  };
}

/** The event's classes (`klassid`, with the event-record fallback) as id → display name. */
export function classNames(event: ScoringEvent): Map<string, string> {
  return parseClasses(setting(event, 'klassid'));
}

/**
 * Whether a team gets a result record at all (spec 03 §2): not `disabled`, and `allowed` when
 * joining requires confirmation.
 */
export function isScored(team: ScoringTeam, joinRequiresConfirmation: boolean): boolean {
  return team.disabled !== true && (!joinRequiresConfirmation || team.allowed === true);
}
