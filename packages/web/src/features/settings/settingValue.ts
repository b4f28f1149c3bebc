import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { ORDER_RULES, validateSettingsValues } from '@rada/core';
import type { OrderRule, SettingDescriptor, SettingKind } from '@rada/core';

/**
 * Conversions between a stored setting value (core settings.ts) and what its input holds
 * while being edited (a "draft"), so every field saves the right JSON: numbers as numbers,
 * an emptied field as null (which clears the setting), JSON only when it parses.
 */

/** The parts of the settings that are edited as several number fields. */
export const PARTS = {
  latlng: ['lat', 'lng'],
  dstresult: ['targetdst', 'dststeps', 'dstpoints', 'dstpointssteps'],
  bounds: ['nelat', 'nelng', 'swlat', 'swlng'],
} as const;
type PartsKind = keyof typeof PARTS;

/** What an input holds: text, a switch, a picked date, named number texts, or chosen rules. */
export type SettingDraft = string | boolean | Dayjs | null | Record<string, string> | OrderRule[];

/** A draft turned back into a value to store, or the translation key of its problem. */
export type ParsedDraft = { ok: true; value: unknown } | { ok: false; error: string };

const isPartsKind = (kind: SettingKind): kind is PartsKind => kind in PARTS;

/** Parses a number typed by a person ('' → null; a decimal comma is accepted). */
export function parseNumberText(text: string): number | null | 'bad' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : 'bad';
}

/** Parses "10, 20, , 30" into [10, 20, null, 30]; all blank gives null. */
export function parseNumberList(text: string): (number | null)[] | null | 'bad' {
  if (text.trim() === '') return null;
  const out: (number | null)[] = [];
  for (const piece of text.split(/[,;]/)) {
    const t = piece.trim();
    if (t === '') {
      out.push(null);
      continue;
    }
    const n = Number(t);
    if (!Number.isFinite(n)) return 'bad';
    out.push(n);
  }
  return out;
}

const numberText = (v: unknown): string => (typeof v === 'number' ? String(v) : '');
const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The draft an input starts from for a stored value (null/absent → empty input). */
export function toDraft(kind: SettingKind, value: unknown): SettingDraft {
  switch (kind) {
    case 'bool':
      return value === true;
    case 'number':
      return numberText(value);
    case 'text':
    case 'longtext':
    case 'select':
    case 'timezone':
      return typeof value === 'string' ? value : '';
    case 'datetime':
      return typeof value === 'number' ? dayjs(value) : null;
    case 'numberlist':
      return Array.isArray(value) ? value.map((v) => numberText(v)).join(', ') : '';
    case 'json':
    case 'regform':
    case 'map':
    case 'speedranges':
      return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
    case 'orderrules':
      return Array.isArray(value)
        ? value.filter((r): r is OrderRule => ORDER_RULES.includes(r as OrderRule))
        : [];
    case 'latlng': {
      const v = record(value);
      return { lat: numberText(v.lat), lng: numberText(v.lng) };
    }
    case 'dstresult': {
      const v = record(value);
      return Object.fromEntries(PARTS.dstresult.map((p) => [p, numberText(v[p])]));
    }
    case 'bounds': {
      const ne = record(record(value).northEast);
      const sw = record(record(value).southWest);
      return {
        nelat: numberText(ne.lat),
        nelng: numberText(ne.lng),
        swlat: numberText(sw.lat),
        swlng: numberText(sw.lng),
      };
    }
  }
}

function parseParts(kind: PartsKind, draft: Record<string, string>): ParsedDraft {
  const nums: Record<string, number> = {};
  let filled = 0;
  for (const part of PARTS[kind]) {
    const n = parseNumberText(draft[part] ?? '');
    if (n === 'bad') return { ok: false, error: 'settings.error.notanumber' };
    if (n !== null) {
      nums[part] = n;
      filled += 1;
    }
  }
  if (filled === 0) return { ok: true, value: null };
  if (kind === 'dstresult') return { ok: true, value: nums };
  if (filled < PARTS[kind].length) return { ok: false, error: 'settings.error.incomplete' };
  if (kind === 'latlng') return { ok: true, value: { lat: nums.lat, lng: nums.lng } };
  return {
    ok: true,
    value: {
      northEast: { lat: nums.nelat, lng: nums.nelng },
      southWest: { lat: nums.swlat, lng: nums.swlng },
    },
  };
}

function parseByKind(desc: SettingDescriptor, draft: SettingDraft): ParsedDraft {
  const { kind } = desc;
  if (kind === 'bool') return { ok: true, value: draft === true };
  if (kind === 'datetime') {
    if (draft === null) return { ok: true, value: null };
    if (dayjs.isDayjs(draft)) {
      return draft.isValid()
        ? { ok: true, value: draft.valueOf() }
        : { ok: false, error: 'starttime.error.invalid' };
    }
    return { ok: false, error: 'settings.error.invalid' };
  }
  if (kind === 'orderrules') {
    const rules = Array.isArray(draft) ? draft : [];
    return { ok: true, value: rules.length === 0 ? null : rules };
  }
  if (isPartsKind(kind)) {
    const parts = typeof draft === 'object' && draft !== null && !dayjs.isDayjs(draft) ? draft : {};
    return parseParts(kind, parts as Record<string, string>);
  }
  const text = typeof draft === 'string' ? draft : '';
  switch (kind) {
    case 'number': {
      const n = parseNumberText(text);
      return n === 'bad'
        ? { ok: false, error: 'settings.error.notanumber' }
        : { ok: true, value: n };
    }
    case 'numberlist': {
      const list = parseNumberList(text);
      return list === 'bad'
        ? { ok: false, error: 'settings.error.notanumber' }
        : { ok: true, value: list };
    }
    case 'json':
    case 'regform':
    case 'map':
    case 'speedranges': {
      if (text.trim() === '') return { ok: true, value: null };
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        return { ok: false, error: 'settings.error.badjson' };
      }
    }
    case 'select':
      // '' is a real choice where the descriptor offers it (resulttype); otherwise it clears.
      return { ok: true, value: text === '' && !desc.options?.includes('') ? null : text };
    case 'text':
    case 'longtext':
      return { ok: true, value: text === '' ? null : text };
    case 'timezone':
      return { ok: true, value: text.trim() === '' ? null : text.trim() };
  }
}

/**
 * The value to store for a draft, checked against the same schema the server uses;
 * null means "clear this setting".
 */
export function fromDraft(desc: SettingDescriptor, draft: SettingDraft): ParsedDraft {
  const parsed = parseByKind(desc, draft);
  if (!parsed.ok || parsed.value === null) return parsed;
  const problems = validateSettingsValues({ [desc.key]: parsed.value });
  if (problems.length === 0) return parsed;
  // The map's and settings' own keys (a bad address, an unknown time zone) say what is wrong;
  // else a general one.
  const own = problems[0]!.message;
  return {
    ok: false,
    error:
      own.startsWith('map.error.') || own.startsWith('settings.error.')
        ? own
        : desc.kind === 'map' || desc.kind === 'speedranges'
          ? 'map.error.incomplete'
          : 'settings.error.invalid',
  };
}
