import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { regColumns, regFields, registrationsCsv, regPeopleColumns } from '@rada/core';
import type { RegistrationRow } from '@rada/core';
import { cellText, csvFileName, csvLabels, filterRows, shownFields } from './regTable.ts';

const t = ((key: string) => `<${key}>`) as unknown as TFunction;
const fields = regFields({
  fields: {
    f1: { label: 'Meals', muitype: 'multiple', selectvalues: 'lunch, dinner' },
    f2: { label: 'Night', muitype: 'boolean' },
  },
});
const row = (
  teamId: string,
  values: Record<string, unknown>,
  extra: Partial<RegistrationRow> = {},
) =>
  ({
    teamId,
    nr: null,
    name: teamId.toUpperCase(),
    klassid: null,
    allowed: false,
    regtime: null,
    orgcomment: '',
    values,
    user: null,
    ...extra,
  }) satisfies RegistrationRow;

describe('registered teams table', () => {
  const rows = [
    row(
      'wolves',
      { f1: ['dinner'], f2: true },
      { user: { uid: 'u', email: 'w@x.ee', displayName: 'Mari', phone: null } },
    ),
    row('bears', { f1: ['lunch', 'dinner'] }, { orgcomment: 'paid', klassid: 'w' }),
  ];

  it('filters on any text of a row, every word, ignoring case', () => {
    expect(filterRows(rows, '').map((r) => r.teamId)).toEqual(['wolves', 'bears']);
    expect(filterRows(rows, 'LUNCH').map((r) => r.teamId)).toEqual(['bears']);
    expect(filterRows(rows, 'mari dinner').map((r) => r.teamId)).toEqual(['wolves']);
    expect(filterRows(rows, 'PAID bears').map((r) => r.teamId)).toEqual(['bears']);
    expect(filterRows(rows, 'nobody')).toEqual([]);
  });

  it('shows ticks as yes/no and split choices as x', () => {
    const [meals, night] = regColumns(fields, false).filter((c) => !c.field.builtin);
    if (!meals || !night) throw new Error('columns');
    expect(cellText(t, rows[0] as RegistrationRow, night)).toBe('<reg.yes>');
    expect(cellText(t, rows[1] as RegistrationRow, meals)).toBe('lunch, dinner');
    const split = regColumns(fields, true).filter((c) => c.field.id === 'f1');
    expect(split.map((c) => cellText(t, rows[0] as RegistrationRow, c))).toEqual(['', 'x']);
  });

  it('writes the CSV with translated headers under reg_{event}.csv', () => {
    const csv = registrationsCsv({ fields, rows }, true, csvLabels(t, new Map([['w', 'Women']])));
    const [head, first, second] = csv.split('\r\n');
    expect(head).toContain('<reg.col.teamid>;<reg.field.teamname>;<teams.klass>;');
    expect(head).toContain('Meals: lunch');
    expect(first).toContain('w@x.ee');
    expect(second).toContain(';BEARS;Women;');
    expect(csvFileName('spring')).toBe('reg_spring.csv');
  });

  it('shows a deleted field only while a team has an answer in it', () => {
    const all = regFields({
      fields: { f1: { label: 'Old', deleted: true }, f2: { label: 'Gone', deleted: true } },
    });
    const ids = shownFields(all, [row('a', { f1: 'kept', f2: [] })]).map((f) => f.id);
    expect(ids).toEqual(['teamname', 'email', 'phone', 'f1']);
  });

  it('shows, filters and writes the members and club an import stored', () => {
    const imported = [
      ...rows,
      row('ilves', {}, { members: ['Liis Saar', 'Toomas Mägi'], club: 'OK Ilves' }),
    ];
    expect(regPeopleColumns(rows)).toEqual([]);
    expect(regPeopleColumns(imported)).toEqual(['members', 'club']);
    expect(filterRows(imported, 'mägi').map((r) => r.teamId)).toEqual(['ilves']);
    expect(filterRows(imported, 'ilves liis').map((r) => r.teamId)).toEqual(['ilves']);
    expect(filterRows(imported, 'ok ilves dinner')).toEqual([]);
    const csv = registrationsCsv({ fields, rows: imported }, false, csvLabels(t));
    const [head, , , third] = csv.split('\r\n');
    expect(head).toContain('<teams.klass>;<reg.col.members>;<reg.col.club>;<reg.col.allowed>;');
    expect(third).toContain(';ILVES;;Liis Saar, Toomas Mägi;OK Ilves;<reg.no>;');
    // Without imported people the CSV has no such columns.
    const plain = registrationsCsv({ fields, rows }, false, csvLabels(t));
    expect(plain).not.toContain('<reg.col.members>');
  });
});
