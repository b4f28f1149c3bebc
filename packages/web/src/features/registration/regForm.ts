import type { TFunction } from 'i18next';
import { regValueText } from '@rada/core';
import type { RegField, RegFormView } from '@rada/core';
import { ApiError } from '../../api/client.ts';

/**
 * The registration form's state while a person fills it in (a "draft" per field) and its
 * conversion to the values the API takes (core RegisterBody / UpdateRegistrationBody).
 */

/** What one input holds: text (text, number, single choice), a tick, or the ticked choices. */
export type RegDraftValue = string | boolean | string[];
export type RegDraft = Record<string, RegDraftValue>;

/** The draft an input starts from for a stored value. */
export function draftOf(field: RegField, value: unknown): RegDraftValue {
  switch (field.muitype) {
    case 'boolean':
      return value === true;
    case 'multiple':
      if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
      return typeof value === 'string' && value !== ''
        ? value
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== '')
        : [];
    case 'single':
      return typeof value === 'string' ? value : '';
    case 'text':
    case 'number':
      return regValueText(value);
  }
}

/**
 * The draft of a whole form: each field's stored value, the team name falling back to the
 * team's `name` (regdata.teamname and the list entry's name are the same thing).
 */
export function initialDraft(
  fields: readonly RegField[],
  values: Record<string, unknown> = {},
  name?: string,
): RegDraft {
  const draft: RegDraft = {};
  for (const f of fields) {
    const stored = values[f.id] ?? (f.id === 'teamname' ? name : undefined);
    draft[f.id] = draftOf(f, stored);
  }
  return draft;
}

/** Parses a number typed by a person; a decimal comma is accepted. Bad text is sent as is. */
function numberValue(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const n = Number(trimmed.replace(',', '.'));
  return Number.isFinite(n) ? n : trimmed;
}

/**
 * The values to send for a draft: one entry per given field. Empty text is sent as '' (the
 * server counts it as missing, so a cleared answer is cleared); the server checks the rest.
 */
export function valuesOf(fields: readonly RegField[], draft: RegDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const d = draft[f.id];
    switch (f.muitype) {
      case 'boolean':
        out[f.id] = d === true;
        break;
      case 'multiple':
        // In the order of the choices, whatever order they were ticked in.
        out[f.id] = Array.isArray(d) ? f.choices.filter((c) => d.includes(c)) : [];
        break;
      case 'number':
        out[f.id] = numberValue(typeof d === 'string' ? d : '');
        break;
      case 'text':
      case 'single':
        out[f.id] = typeof d === 'string' ? d : '';
        break;
    }
  }
  return out;
}

/** Whether every required field has something in it (the server has the last word). */
export function missingRequired(fields: readonly RegField[], draft: RegDraft): string[] {
  return fields
    .filter((f) => f.required)
    .filter((f) => {
      const d = draft[f.id];
      if (f.muitype === 'boolean') return d !== true;
      if (Array.isArray(d)) return d.length === 0;
      return typeof d !== 'string' || d.trim() === '';
    })
    .map((f) => f.id);
}

/**
 * The per-field problems of a refused registration (400 reg.error.invalid or
 * error.validation): field id → translation key. A path may come as `values.<id>`.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const d of error.details) {
    const id = d.path.replace(/^values[./]/, '');
    if (!(id in out)) out[id] = d.message;
  }
  return out;
}

/** A field's label: built-in fields are translated, custom ones show the organiser's label. */
export function fieldLabel(t: TFunction, field: Pick<RegField, 'id' | 'builtin' | 'label'>) {
  return field.builtin ? t(`reg.field.${field.id}`) : field.label || field.id;
}

/** A field problem's translated text; unknown keys read as 'not allowed'. */
export function fieldErrorText(t: TFunction, key: string): string {
  return t(key, { defaultValue: t('reg.error.type') });
}

/** A stored value as a person reads it: ticks as yes/no, a multiple choice joined with ', '. */
export function valueText(t: TFunction, value: unknown): string {
  if (value === true) return t('reg.yes');
  if (value === false) return t('reg.no');
  return regValueText(value);
}

/** The name of a class id among the event's classes ('' for none). */
export function className(view: Pick<RegFormView, 'classes'>, klassid: string | null): string {
  if (klassid === null) return '';
  return view.classes.find((c) => c.id === klassid)?.name ?? klassid;
}
