import { isValidKpNr } from '@rada/core';
import type { Checkpoint, UpdateCheckpointBody } from '@rada/core';
import { nrTaken, parseNr } from './kpRows.ts';
import { draftValue } from './responsesDraft.ts';
import type { ResponsesDraft } from './responsesDraft.ts';

/**
 * The full one-KP editor's form (every kp and data field): text fields as typed, flags as
 * booleans, checked field by field, and turned into one PATCH holding only what changed. The
 * long description is a rich text with language copies, saved by its own editor (KpEditDialog).
 */
export const KP_FLAGS = [
  'inwork',
  'kohustuslik',
  'allok',
  'tyhistatud',
  'isauto',
  'autokp',
  'noopenwhennotclose',
] as const;
export type KpFlag = (typeof KP_FLAGS)[number];

export const KP_NUMBERS = ['ra', 'grp', 'maxanswerdistance', 'wrongpenalty'] as const;
export type KpNumberField = (typeof KP_NUMBERS)[number];

export interface KpEditDraft {
  nr: string;
  numbers: Record<KpNumberField, string>;
  flags: Record<KpFlag, boolean>;
  dependkp: string;
  desc: string;
  a: string;
  lat: string;
  lng: string;
  anycross: boolean;
}

export type KpEditField = 'nr' | KpNumberField | 'dependkp' | 'lat' | 'lng';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The form's starting values for a checkpoint. */
export function editDraft(cp: Checkpoint): KpEditDraft {
  const { kp, data } = cp;
  return {
    nr: text(kp.nr),
    numbers: {
      ra: text(kp.ra),
      grp: text(kp.grp),
      maxanswerdistance: text(kp.maxanswerdistance),
      wrongpenalty: text(kp.wrongpenalty),
    },
    flags: Object.fromEntries(KP_FLAGS.map((f) => [f, kp[f] === true])) as Record<KpFlag, boolean>,
    dependkp: text(kp.dependkp),
    desc: data.desc ?? '',
    a: data.a ?? '',
    lat: text(data.loc?.lat),
    lng: text(data.loc?.lng),
    anycross: data.anycross === true,
  };
}

const parseNumber = (s: string): number | null | 'invalid' => {
  if (s.trim() === '') return null;
  const n = Number(s.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : 'invalid';
};

/** What is wrong with the form, by field, as translation keys (empty when it may be saved). */
export function editErrors(
  draft: KpEditDraft,
  id: string,
  all: readonly Checkpoint[],
): Partial<Record<KpEditField, string>> {
  const errors: Partial<Record<KpEditField, string>> = {};
  const nr = parseNr(draft.nr);
  if (nr === null || String(nr).length > 20) errors.nr = 'kp.error.nr';
  else if (!isValidKpNr(nr)) errors.nr = 'kp.error.badnumber';
  else if (nrTaken(all, id, nr)) errors.nr = 'error.cpnumconflict';
  for (const field of KP_NUMBERS) {
    const n = parseNumber(draft.numbers[field]);
    if (n === 'invalid' || (field === 'maxanswerdistance' && n !== null && n < 0)) {
      errors[field] = 'kp.error.number';
    }
  }
  if (draft.dependkp.length > 100) errors.dependkp = 'kp.error.toolong';
  const lat = parseNumber(draft.lat);
  const lng = parseNumber(draft.lng);
  if ((lat === null) !== (lng === null)) {
    errors[lat === null ? 'lat' : 'lng'] = 'kp.error.bothcoords';
  }
  if (lat === 'invalid' || (typeof lat === 'number' && Math.abs(lat) > 90)) {
    errors.lat = 'kp.error.badloc';
  }
  if (lng === 'invalid' || (typeof lng === 'number' && Math.abs(lng) > 180)) {
    errors.lng = 'kp.error.badloc';
  }
  return errors;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The PATCH for the form and responses draft: only changed keys, null removing a key (blank
 * text, cleared number, unticked flag). Null when nothing changed. Call when editErrors is empty.
 */
export function editPatch(
  cp: Checkpoint,
  draft: KpEditDraft,
  responses: ResponsesDraft,
): UpdateCheckpointBody | null {
  const kp: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  const body: UpdateCheckpointBody = {};
  const set = (into: Record<string, unknown>, key: string, next: unknown, before: unknown) => {
    if (!same(next, before)) into[key] = next;
  };

  const nr = parseNr(draft.nr);
  if (nr !== null && String(nr) !== String(cp.kp.nr)) kp.nr = nr;
  for (const field of KP_NUMBERS) {
    const n = parseNumber(draft.numbers[field]);
    set(kp, field, n === 'invalid' ? null : n, cp.kp[field]);
  }
  for (const flag of KP_FLAGS) {
    if (draft.flags[flag] !== (cp.kp[flag] === true)) kp[flag] = draft.flags[flag] ? true : null;
  }
  set(kp, 'dependkp', draft.dependkp.trim() || null, cp.kp.dependkp);

  for (const field of ['desc', 'a'] as const) {
    set(data, field, draft[field].trim() === '' ? null : draft[field], cp.data[field]);
  }
  const lat = parseNumber(draft.lat);
  const lng = parseNumber(draft.lng);
  const loc = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  set(data, 'loc', loc, cp.data.loc);
  if (draft.anycross !== (cp.data.anycross === true)) {
    data.anycross = draft.anycross ? true : null;
  }

  const value = draftValue(responses);
  set(data, 'responses', value.responses, cp.data.responses);
  set(data, 'scores', value.scores, cp.data.scores);
  if (value.answer !== (cp.answer ?? null)) body.answer = value.answer;

  if (Object.keys(kp).length > 0) body.kp = kp;
  if (Object.keys(data).length > 0) body.data = data;
  return Object.keys(body).length > 0 ? body : null;
}
