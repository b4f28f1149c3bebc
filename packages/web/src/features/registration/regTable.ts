import type { TFunction } from 'i18next';
import { regCell, regValueText } from '@rada/core';
import { valueText } from './regForm.ts';

export { valueText };
import type { RegColumn, RegCsvLabels, RegField, RegistrationRow } from '@rada/core';
import { fieldLabel } from './regForm.ts';

/**
 * The registered-teams table (spec 01 screen 7): what a cell shows, which rows a filter keeps,
 * and the translated headers of the registration CSV.
 */

/** The text of one cell of the table (a split choice column shows 'x' when chosen). */
export function cellText(t: TFunction, row: RegistrationRow, col: RegColumn): string {
  return col.choice === null ? valueText(t, row.values[col.field.id]) : regCell(row.values, col);
}

/**
 * The rows whose team id, name, imported members or club, user, comment or any field value
 * contains every word of the filter, ignoring case; an empty filter keeps all.
 */
export function filterRows(rows: readonly RegistrationRow[], filter: string): RegistrationRow[] {
  const words = filter
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return [...rows];
  return rows.filter((r) => {
    const text = [
      r.teamId,
      r.nr ?? '',
      r.name,
      ...(r.members ?? []),
      r.club ?? '',
      r.orgcomment,
      r.user?.email ?? '',
      r.user?.phone ?? '',
      r.user?.displayName ?? '',
      ...Object.values(r.values).map(regValueText),
    ]
      .join('\n')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * The fields the table and the CSV show: every field in use, and a deleted one (the unused
 * car field, an old question) only while some team still has an answer in it.
 */
export function shownFields(
  fields: readonly RegField[],
  rows: readonly RegistrationRow[],
): RegField[] {
  return fields.filter(
    (f) =>
      !f.deleted ||
      rows.some((r) => {
        const v = r.values[f.id];
        return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
      }),
  );
}

/** The CSV's headers and formats in the current language; `classes` names the class ids. */
export function csvLabels(
  t: TFunction,
  classes: ReadonlyMap<string, string> = new Map(),
): RegCsvLabels {
  return {
    klass: t('teams.klass'),
    className: (id) => classes.get(id) ?? id,
    nr: t('reg.col.nr'),
    team: t('reg.field.teamname'),
    teamId: t('reg.col.teamid'),
    allowed: t('reg.col.allowed'),
    email: t('reg.col.useremail'),
    phone: t('reg.col.userphone'),
    displayName: t('reg.col.username'),
    regtime: t('reg.col.regtime'),
    orgcomment: t('reg.col.orgcomment'),
    members: t('reg.col.members'),
    club: t('reg.col.club'),
    yes: t('reg.yes'),
    no: t('reg.no'),
    field: (f) => fieldLabel(t, f),
  };
}

/** The CSV's file name (spec 01 screen 7). */
export const csvFileName = (eventId: string) => `reg_${eventId}.csv`;
