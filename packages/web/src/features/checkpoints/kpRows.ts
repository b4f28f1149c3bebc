import type { Checkpoint, KpNr, LatLng, UpdateCheckpointBody } from '@rada/core';

/**
 * The grid's flat row for one checkpoint (`kp`, `data` and `answer` side by side), and the
 * PATCH body that turns an edited row back into the stored documents. The stored names
 * (kohustuslik, tyhistatud, ...) stay as they are so the grid's columns match the API.
 */
export interface KpRow {
  id: string;
  nr: KpNr;
  ra: number | null;
  grp: number | null;
  desc: string;
  /** "lat, lng" as typed in the grid; '' when the KP has no location. */
  loc: string;
  answer: string;
  kohustuslik: boolean;
  inwork: boolean;
  allok: boolean;
  tyhistatud: boolean;
  maxanswerdistance: number | null;
  wrongpenalty: number | null;
  /** The checkpoint the row was made from (responses, location, unknown keys). */
  cp: Checkpoint;
}

/** Decimal places kept for coordinates typed into the grid (about 1 cm). */
const COORD_DECIMALS = 7;

/** "58.1234567, 25.1234567" for a location, '' for none. */
export function formatLoc(loc: LatLng | undefined): string {
  if (!loc) return '';
  const f = (v: number) => String(Number(v.toFixed(COORD_DECIMALS)));
  return `${f(loc.lat)}, ${f(loc.lng)}`;
}

/**
 * Reads a location typed as "lat, lng" (comma, semicolon or space between): null for a blank
 * text (no location), 'invalid' when it is not two coordinates within range.
 */
export function parseLoc(text: string): LatLng | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = trimmed.split(/\s*[,;]\s*|\s+/).filter((p) => p !== '');
  if (parts.length !== 2) return 'invalid';
  const [lat, lng] = parts.map(Number) as [number, number];
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return 'invalid';
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return 'invalid';
  return { lat, lng };
}

/** A typed KP number: digits become a number ('12' → 12), anything else stays text ('F'). */
export function parseNr(text: string | number): KpNr | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** True when another checkpoint than `id` already has number `nr` (1 and '1' are the same). */
export function nrTaken(checkpoints: readonly Checkpoint[], id: string, nr: KpNr): boolean {
  const key = String(nr).trim();
  return checkpoints.some((cp) => cp.id !== id && String(cp.kp.nr).trim() === key);
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The grid row of a checkpoint. */
export function toRow(cp: Checkpoint): KpRow {
  const { kp, data } = cp;
  return {
    id: cp.id,
    nr: kp.nr,
    ra: num(kp.ra),
    grp: num(kp.grp),
    desc: data.desc ?? '',
    loc: formatLoc(data.loc),
    answer: cp.answer ?? '',
    kohustuslik: kp.kohustuslik === true,
    inwork: kp.inwork === true,
    allok: kp.allok === true,
    tyhistatud: kp.tyhistatud === true,
    maxanswerdistance: num(kp.maxanswerdistance),
    wrongpenalty: num(kp.wrongpenalty),
    cp,
  };
}

const BOOL_FIELDS = ['kohustuslik', 'inwork', 'allok', 'tyhistatud'] as const;
const NUMBER_FIELDS = ['ra', 'grp', 'maxanswerdistance', 'wrongpenalty'] as const;

/** A number cell's value as stored: null (cleared) removes the key. */
function numberValue(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * The PATCH body for an edited row, holding only what changed: null removes a key (a cleared
 * number, an unticked flag, a blank description or location). Returns null when nothing
 * changed, and throws 'kp.error.badloc' / 'kp.error.nr' for a location or number that cannot
 * be stored (the grid validates first; this is the last guard).
 */
export function rowPatch(before: Checkpoint, row: KpRow): UpdateCheckpointBody | null {
  const kp: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  const body: UpdateCheckpointBody = {};

  const nr = parseNr(row.nr);
  if (nr === null) throw new Error('kp.error.nr');
  // '12' stored as text is the same number as 12 typed: no change.
  if (String(nr) !== String(before.kp.nr)) kp.nr = nr;

  for (const field of NUMBER_FIELDS) {
    const value = numberValue(row[field]);
    if (value !== num(before.kp[field])) kp[field] = value;
  }
  for (const field of BOOL_FIELDS) {
    const was = before.kp[field] === true;
    if (row[field] !== was) kp[field] = row[field] ? true : null;
  }

  const desc = row.desc.trim() === '' ? '' : row.desc;
  if (desc !== (before.data.desc ?? '')) data.desc = desc === '' ? null : desc;

  const loc = parseLoc(row.loc);
  if (loc === 'invalid') throw new Error('kp.error.badloc');
  if (formatLoc(loc ?? undefined) !== formatLoc(before.data.loc)) data.loc = loc;

  const answer = row.answer === '' ? null : row.answer;
  if (answer !== (before.answer ?? null)) body.answer = answer;

  if (Object.keys(kp).length > 0) body.kp = kp;
  if (Object.keys(data).length > 0) body.data = data;
  return Object.keys(body).length > 0 ? body : null;
}

/** Merges a key-by-key patch into a document: null removes the key (the server's PATCH rule). */
function mergeKeys<T extends object>(doc: T, patch: Record<string, unknown> | undefined): T {
  if (!patch) return doc;
  const out: Record<string, unknown> = { ...(doc as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out as T;
}

/** The checkpoint as it will be after the server applies `body` (for optimistic updates). */
export function applyPatch(cp: Checkpoint, body: UpdateCheckpointBody): Checkpoint {
  const next: Checkpoint = {
    ...cp,
    kp: mergeKeys(cp.kp, body.kp),
    data: mergeKeys(cp.data, body.data),
  };
  if (body.answer !== undefined) next.answer = body.answer;
  return next;
}

/** "3 · B" style summary of a KP's responses: how many, and the correct one's id. */
export function responsesSummary(cp: Checkpoint): { count: number; correct: string | null } {
  const responses = cp.data.responses ?? {};
  const count = Object.keys(responses).length;
  const answer = cp.answer ?? null;
  return { count, correct: answer !== null && answer in responses ? answer : null };
}
