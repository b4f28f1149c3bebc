import { describe, expect, it } from 'vitest';
import {
  activeRegFields,
  RegConfig,
  regColumns,
  regFields,
  registrationsCsv,
  regPeopleCell,
  regPeopleColumns,
  validateRegValues,
} from './registration.ts';
import type { RegCsvLabels, RegistrationRow, RegistrationsView } from './registration.ts';
import { csvDateTime } from './csv.ts';

describe('regFields', () => {
  it('gives the built-in fields of an unconfigured form in the spec’s order', () => {
    const fields = regFields(undefined);
    expect(fields.map((f) => [f.id, f.s, f.deleted])).toEqual([
      ['teamname', 5, false],
      ['email', 10, false],
      ['phone', 20, false],
      ['car', 30, true],
    ]);
    expect(fields[0]).toMatchObject({ builtin: true, required: true, public: true });
    expect(fields[1]).toMatchObject({ required: false, public: false, muitype: 'text' });
    // Anything unreadable counts as not configured.
    expect(regFields({ fields: 'nope' })).toEqual(fields);
    expect(regFields('{}')).toEqual(fields);
  });

  it('orders by s (others at 100) then id, and keeps deleted fields', () => {
    const fields = regFields({
      fields: {
        zeta: { label: 'Z' },
        alpha: { label: 'A' },
        early: { label: 'E', s: 1 },
        car: { deleted: false },
        gone: { label: 'G', deleted: true, s: 15 },
        email: { s: 200, required: true },
      },
    });
    expect(fields.map((f) => [f.id, f.s])).toEqual([
      ['early', 1],
      ['teamname', 5],
      ['gone', 15],
      ['phone', 20],
      ['car', 30],
      ['alpha', 100],
      ['zeta', 100],
      ['email', 200],
    ]);
    expect(fields.find((f) => f.id === 'gone')?.deleted).toBe(true);
    expect(activeRegFields(fields).map((f) => f.id)).not.toContain('gone');
    expect(fields.find((f) => f.id === 'email')?.required).toBe(true);
  });

  it('keeps the team name required, public and present whatever is stored', () => {
    const [first] = regFields({
      fields: { teamname: { required: false, public: false, deleted: true, s: 5 } },
    });
    expect(first).toMatchObject({ id: 'teamname', required: true, public: true, deleted: false });
  });

  it('resolves a custom field’s label, type and choices', () => {
    const f = regFields({
      fields: { size: { muitype: 'single', selectvalues: ' S, M ,,L,M ', hint: 'h' } },
    }).find((x) => x.id === 'size');
    expect(f).toMatchObject({
      builtin: false,
      label: 'size',
      hint: 'h',
      muitype: 'single',
      choices: ['S', 'M', 'L'],
      s: 100,
    });
  });
});

describe('validateRegValues', () => {
  const fields = regFields({
    fields: {
      email: { required: true },
      size: { muitype: 'single', selectvalues: 'S,M,L' },
      food: { muitype: 'multiple', selectvalues: 'meat,fish,veg' },
      age: { muitype: 'number' },
      agree: { muitype: 'boolean', required: true },
      news: { muitype: 'boolean' },
      old: { deleted: true },
    },
  });

  it('cleans good values: trims text, reads numbers, orders choices', () => {
    const res = validateRegValues(fields, {
      teamname: '  Team  ',
      email: 'a@b.ee',
      phone: '',
      size: 'M',
      food: ['veg', 'meat'],
      age: '12',
      agree: true,
      news: false,
    });
    expect(res.problems).toEqual([]);
    expect(res.values).toEqual({
      teamname: 'Team',
      email: 'a@b.ee',
      size: 'M',
      food: ['meat', 'veg'],
      age: 12,
      agree: true,
      news: false,
    });
  });

  it('reports one problem per field: required, type, choice, unknown, email', () => {
    const res = validateRegValues(fields, {
      teamname: '',
      email: 'nope',
      size: 'XL',
      food: ['meat', 3],
      age: 'old',
      agree: false,
      unknown: 'x',
      old: 'x',
    });
    expect(Object.fromEntries(res.problems.map((p) => [p.path, p.message]))).toEqual({
      teamname: 'reg.error.required',
      email: 'reg.error.email',
      size: 'reg.error.choice',
      food: 'reg.error.type',
      age: 'reg.error.type',
      agree: 'reg.error.required',
      unknown: 'reg.error.unknown',
      old: 'reg.error.unknown',
    });
    expect(
      validateRegValues(fields, { teamname: 'x', email: 'a@b.ee', agree: 'yes' }).problems,
    ).toEqual([{ path: 'agree', message: 'reg.error.type' }]);
    expect(
      validateRegValues(fields, { teamname: 'x'.repeat(1001), email: 'a@b.ee', agree: true })
        .problems,
    ).toEqual([{ path: 'teamname', message: 'reg.error.toolong' }]);
  });
});

describe('registrationsCsv', () => {
  const fields = regFields({
    fields: { food: { label: 'Food', muitype: 'multiple', selectvalues: 'meat,fish' } },
  });
  const view: RegistrationsView = {
    fields,
    rows: [
      {
        teamId: 't1',
        nr: '1',
        name: '=HYPERLINK("x")',
        klassid: 'm',
        allowed: true,
        regtime: 1000,
        orgcomment: 'paid, cash',
        values: { teamname: 'ignored', email: 'a@b.ee', food: ['meat', 'fish'] },
        user: { uid: 'u1', email: 'u@b.ee', displayName: '@me', phone: '+372 555' },
      },
      {
        teamId: 't2',
        nr: null,
        name: 'Two',
        klassid: null,
        allowed: false,
        regtime: null,
        orgcomment: '',
        values: { food: ['fish'] },
        user: null,
      },
    ],
  };
  const labels: RegCsvLabels = {
    nr: 'Nr',
    team: 'Team',
    teamId: 'Id',
    klass: 'Class',
    allowed: 'Allowed',
    email: 'Email',
    phone: 'Phone',
    displayName: 'Name',
    regtime: 'Time',
    orgcomment: 'Comment',
    members: 'Members',
    club: 'Club',
    yes: 'yes',
    no: 'no',
    className: (id) => (id === 'm' ? 'Men; open' : id),
    field: (f) => f.label || f.id,
  };

  it('writes one row per team with every field, the class, ISO times, guarded against formulas', () => {
    const text = registrationsCsv(view, false, labels);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Nr;Id;Team;Class;Allowed;Email;Phone;Name;email;phone;car;Food;Time;Comment',
    );
    expect(lines[1]).toBe(
      `1;t1;"'=HYPERLINK(""x"")";"Men; open";yes;u@b.ee;'+372 555;'@me;a@b.ee;;;meat, fish;` +
        `${csvDateTime(1000)};paid, cash`,
    );
    expect(lines[2]).toBe('2;t2;Two;;no;;;;;;;fish;;');
    expect(lines[3]).toBe('');
  });

  it('splits a multiple choice field into one column per choice', () => {
    expect(regColumns(fields, true).map((c) => c.choice)).toEqual([
      null,
      null,
      null,
      'meat',
      'fish',
    ]);
    const lines = registrationsCsv(view, true, labels).split('\r\n');
    expect(lines[0]).toContain('Food: meat;Food: fish');
    expect(lines[1]).toContain(';x;x;');
    expect(lines[2]).toBe('2;t2;Two;;no;;;;;;;;x;;');
  });

  it('adds the members and club columns after the class when some team has them', () => {
    const [one, two] = view.rows as [RegistrationRow, RegistrationRow];
    const rows = [{ ...one, members: ['Mari Maasikas', 'Jüri; Jõgi'] }, two];
    expect(regPeopleColumns(rows)).toEqual(['members']);
    const lines = registrationsCsv({ ...view, rows }, false, labels)
      .slice(1)
      .split('\r\n');
    expect(lines[0]).toBe(
      'Nr;Id;Team;Class;Members;Allowed;Email;Phone;Name;email;phone;car;Food;Time;Comment',
    );
    expect(lines[1]).toContain(';"Men; open";"Mari Maasikas, Jüri; Jõgi";yes;');
    expect(lines[2]).toBe('2;t2;Two;;;no;;;;;;;fish;;');
    const clubbed = [one, { ...two, club: '=Tartu SK' }];
    expect(regPeopleColumns(clubbed)).toEqual(['club']);
    expect(registrationsCsv({ ...view, rows: clubbed }, false, labels)).toContain(
      "2;t2;Two;;'=Tartu SK;no;",
    );
    const both = [{ ...one, club: 'OK Ilves', members: ['A'] }, two];
    expect(regPeopleColumns(both)).toEqual(['members', 'club']);
    expect(regPeopleCell(both[0] as RegistrationRow, 'club')).toBe('OK Ilves');
    expect(regPeopleCell(two, 'members')).toBe('');
    expect(regPeopleColumns([one, { ...two, members: [], club: '' }])).toEqual([]);
  });
});

describe('reserved field ids', () => {
  it('refuses a form field named members or club, and reads an older config without it', () => {
    for (const id of ['members', 'club', 'regtime', 'orgcomment']) {
      expect(RegConfig.safeParse({ fields: { [id]: { label: 'X' } } }).success).toBe(false);
    }
    expect(RegConfig.safeParse({ fields: { f1: { label: 'Club' } } }).success).toBe(true);
    const fields = regFields({ fields: { club: { label: 'Club' }, f1: { label: 'Size' } } });
    expect(fields.map((f) => f.id)).toEqual(['teamname', 'email', 'phone', 'car', 'f1']);
  });
});
