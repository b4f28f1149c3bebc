import { RegConfig, regFields } from '@rada/core';
import type { RegFieldConfig } from '@rada/core';

/**
 * Edits of the `regconfig` setting (core RegConfig), as the registration form editor makes
 * them. Each returns a new config; the stored keys of a field are kept as they are.
 */

/** The config held by a setting draft (JSON text); anything unreadable counts as empty. */
export function configOfDraft(text: string): RegConfig {
  if (text.trim() === '') return { fields: {} };
  try {
    const parsed = RegConfig.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { fields: {} };
  } catch {
    return { fields: {} };
  }
}

/** The draft text of a config, as the settings page stores it. */
export const draftOfConfig = (config: RegConfig): string => JSON.stringify(config, null, 2);

/** Changes some keys of one field (absent keys are removed when set to undefined). */
export function patchField(config: RegConfig, id: string, patch: RegFieldConfig): RegConfig {
  const next: RegFieldConfig = { ...config.fields[id], ...patch };
  for (const key of Object.keys(next) as (keyof RegFieldConfig)[]) {
    if (next[key] === undefined) delete next[key];
  }
  return { fields: { ...config.fields, [id]: next } };
}

/** The next free custom field id: f1, f2, … after the highest one used, deleted ones included. */
export function nextFieldId(config: RegConfig): string {
  let max = 0;
  for (const id of Object.keys(config.fields)) {
    const m = /^f(\d+)$/.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `f${max + 1}`;
}

/**
 * Adds a text field labelled `label` after every other field (order at least the default
 * 100, then in steps of 10). Returns the config and the new id.
 */
export function addField(config: RegConfig, label: string): { config: RegConfig; id: string } {
  const id = nextFieldId(config);
  const lastOrder = Math.max(...regFields(config).map((f) => f.s));
  const s = Math.max(100, lastOrder + 10);
  return {
    id,
    config: patchField(config, id, {
      label,
      hint: '',
      muitype: 'text',
      s,
      required: false,
      public: false,
    }),
  };
}

/** Marks a field deleted (its answers stay) or brings it back. */
export const setDeleted = (config: RegConfig, id: string, deleted: boolean): RegConfig =>
  patchField(config, id, { deleted });

/** Parses an order number typed by a person; empty removes it (default order). */
export function orderOfText(text: string): number | undefined | 'bad' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : 'bad';
}
