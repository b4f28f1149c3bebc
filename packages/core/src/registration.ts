import { z } from 'zod';
import { csvDateTime, csvDocument } from './csv.ts';
import { REG_DEFAULT_ORDER, REG_FIELD_ORDER } from './limits.ts';
import { regValueText } from './registrationText.ts';
import { atMostKeys } from './recordBounds.ts';
import { shownEmail } from './api.ts';

export { regValueText };

/**
 * Team registration (spec 01 §3 Team registration, §5, §9): the form an organiser configures in
 * the `regconfig` setting, the values a team sends, and the registered-teams views.
 *
 * A field's values are stored in the team's regdata under the field's id, next to teamname,
 * regtime and orgcomment. Built-in fields are teamname, email, phone and car; custom fields have
 * a label, a hint, a type, choices (`selectvalues`, comma-separated), an order `s` and a required
 * flag. A deleted field is kept with `deleted: true` so old answers still show.
 */

export const BUILTIN_REG_FIELDS = ['teamname', 'email', 'phone', 'car'] as const;
export type BuiltinRegField = (typeof BUILTIN_REG_FIELDS)[number];

/** Field types (`muitype`): text, number, boolean, single choice and multiple choice. */
export const REG_FIELD_TYPES = ['text', 'number', 'boolean', 'single', 'multiple'] as const;
export type RegFieldType = (typeof REG_FIELD_TYPES)[number];

/** `teamtype` (default multiple): whether one user may register several teams of an event. */
export const TEAM_TYPES = ['multiple', 'single'] as const;
export type TeamType = (typeof TEAM_TYPES)[number];
export const DEFAULT_TEAM_TYPE: TeamType = 'multiple';

/** One field as stored in `regconfig.fields[id]`; every key is optional. */
export const RegFieldConfig = z
  .object({
    label: z.string().max(200),
    hint: z.string().max(1000),
    muitype: z.enum(REG_FIELD_TYPES),
    selectvalues: z.string().max(4000),
    s: z.number().finite(),
    required: z.boolean(),
    public: z.boolean(),
    deleted: z.boolean(),
  })
  .partial();
export type RegFieldConfig = z.infer<typeof RegFieldConfig>;

/**
 * The keys of regdata that are not form fields: its own (regtime, orgcomment) and the people a
 * team import stores (`members`, the names; `club`), which the registered-teams table shows in
 * columns of their own.
 */
export const REG_RESERVED_IDS: readonly string[] = ['regtime', 'orgcomment', 'members', 'club'];

/** A field id: letters, digits, _ and -, not one of regdata's reserved keys. */
export const RegFieldId = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/)
  .refine((id) => !REG_RESERVED_IDS.includes(id), 'reserved');

/** The `regconfig` setting. */
export const RegConfig = z.object({ fields: z.record(RegFieldId, RegFieldConfig) }).strict();
export type RegConfig = z.infer<typeof RegConfig>;

/**
 * A stored config without fields under a reserved id (an older config may have a `club`
 * question), so the rest of the form still reads.
 */
function withoutReserved(stored: unknown): unknown {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return stored;
  const fields = (stored as { fields?: unknown }).fields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return stored;
  const kept = Object.entries(fields).filter(([id]) => !REG_RESERVED_IDS.includes(id));
  return { ...stored, fields: Object.fromEntries(kept) };
}

/** A field with every property resolved (defaults applied). */
export interface RegField {
  id: string;
  builtin: boolean;
  /** The organiser's label; empty for built-in fields, which the web labels itself. */
  label: string;
  hint: string;
  muitype: RegFieldType;
  /** The choices of a single or multiple choice field. */
  choices: string[];
  s: number;
  required: boolean;
  public: boolean;
  deleted: boolean;
}

/** The choices of a `selectvalues` string. */
export function splitChoices(selectvalues: string | undefined): string[] {
  return [
    ...new Set(
      (selectvalues ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
}

const isBuiltin = (id: string): id is BuiltinRegField =>
  (BUILTIN_REG_FIELDS as readonly string[]).includes(id);

/**
 * Every field of a stored `regconfig` (anything unreadable counts as not configured), deleted
 * ones included, in form order: by `s` (teamname 5, email 10, phone 20, car 30, others 100), then
 * by id. The team name is always required, public and present.
 */
export function regFields(stored: unknown): RegField[] {
  const parsed = RegConfig.safeParse(withoutReserved(stored));
  const fields: Record<string, RegFieldConfig> = parsed.success ? parsed.data.fields : {};
  const ids = new Set<string>([...BUILTIN_REG_FIELDS, ...Object.keys(fields)]);
  const out: RegField[] = [];
  for (const id of ids) {
    const c = fields[id] ?? {};
    const builtin = isBuiltin(id);
    const field: RegField = {
      id,
      builtin,
      label: builtin ? '' : (c.label ?? id),
      hint: c.hint ?? '',
      muitype: builtin ? 'text' : (c.muitype ?? 'text'),
      choices: builtin ? [] : splitChoices(c.selectvalues),
      s: c.s ?? (builtin ? REG_FIELD_ORDER[id] : REG_DEFAULT_ORDER),
      required: c.required ?? false,
      public: c.public ?? false,
      // A form nobody has configured has team name, email and phone; car is off.
      deleted: c.deleted ?? id === 'car',
    };
    if (id === 'teamname') Object.assign(field, { required: true, public: true, deleted: false });
    out.push(field);
  }
  return out.sort((a, b) => a.s - b.s || a.id.localeCompare(b.id));
}

/** The fields a registering team fills in. */
export const activeRegFields = (fields: readonly RegField[]): RegField[] =>
  fields.filter((f) => !f.deleted);

/** A value as stored in regdata. */
export type RegValue = string | number | boolean | string[];

export interface RegProblem {
  /** The field id. */
  path: string;
  /** reg.error.required | reg.error.type | reg.error.choice | reg.error.unknown | reg.error.toolong */
  message: string;
}

const TEXT_MAX = 1000;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks a team's values against the active fields. Text is trimmed; an empty value counts as
 * missing; numbers may come as numeric strings; a multiple choice is a list of choices. Unknown
 * and deleted field ids are refused. Returns the cleaned values (missing optional fields left
 * out) and the problems, one per field.
 */
export function validateRegValues(
  fields: readonly RegField[],
  values: Record<string, unknown>,
): { values: Record<string, RegValue>; problems: RegProblem[] } {
  const active = activeRegFields(fields);
  const byId = new Map(active.map((f) => [f.id, f]));
  const problems: RegProblem[] = [];
  const out: Record<string, RegValue> = {};
  for (const id of Object.keys(values)) {
    if (!byId.has(id)) problems.push({ path: id, message: 'reg.error.unknown' });
  }
  for (const f of active) {
    const raw = values[f.id];
    const missing =
      raw === undefined ||
      raw === null ||
      (typeof raw === 'string' && raw.trim() === '') ||
      (Array.isArray(raw) && raw.length === 0) ||
      (f.muitype === 'boolean' && raw === false && f.required);
    if (missing) {
      if (f.required) problems.push({ path: f.id, message: 'reg.error.required' });
      else if (f.muitype === 'boolean' && raw === false) out[f.id] = false;
      continue;
    }
    const problem = (message: string) => problems.push({ path: f.id, message });
    switch (f.muitype) {
      case 'text': {
        if (typeof raw !== 'string' && typeof raw !== 'number') {
          problem('reg.error.type');
          break;
        }
        const text = String(raw).trim();
        if (text.length > TEXT_MAX) problem('reg.error.toolong');
        else if (f.id === 'email' && !EMAIL_RE.test(text)) problem('reg.error.email');
        else out[f.id] = text;
        break;
      }
      case 'number': {
        const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
        if (!Number.isFinite(n)) problem('reg.error.type');
        else out[f.id] = n;
        break;
      }
      case 'boolean':
        if (typeof raw !== 'boolean') problem('reg.error.type');
        else out[f.id] = raw;
        break;
      case 'single':
        if (typeof raw !== 'string') problem('reg.error.type');
        else if (!f.choices.includes(raw)) problem('reg.error.choice');
        else out[f.id] = raw;
        break;
      case 'multiple': {
        const list = Array.isArray(raw) ? raw : [raw];
        if (!list.every((v): v is string => typeof v === 'string')) problem('reg.error.type');
        else if (!list.every((v) => f.choices.includes(v))) problem('reg.error.choice');
        else out[f.id] = f.choices.filter((c) => list.includes(c));
        break;
      }
    }
  }
  return { values: out, problems };
}

/** POST /api/events/:id/reg and PUT /api/events/:id/reg/:teamId: the form's values by field id. */
export const RegisterBody = z
  .object({
    values: z.record(z.string().max(40), z.unknown()).refine(...atMostKeys(100)),
    /** The team's class among the event's scoring classes (klassid); null or left out: none. */
    klassid: z.string().min(1).max(100).nullable().optional(),
  })
  .strict();
export type RegisterBody = z.input<typeof RegisterBody>;

/** A team of the signed-in user, as the registration page shows it. */
export interface MyRegistration {
  teamId: string;
  name: string;
  /** The team's class id (see RegFormView.classes), or null. */
  klassid: string | null;
  allowed: boolean;
  regtime: number | null;
  values: Record<string, unknown>;
}

/** A registered team as everyone sees it: its public fields only. */
export interface PublicRegistration {
  teamId: string;
  nr: string | null;
  name: string;
  klassid: string | null;
  allowed: boolean;
  values: Record<string, unknown>;
}

/** GET /api/events/:id/reg: what the registration page needs. */
export interface RegFormView {
  eventId: string;
  eventName: string;
  starttime: number | null;
  endtime: number | null;
  /** Registration is closed for archived events and after the event's end. */
  open: boolean;
  closedReason: 'archived' | 'ended' | null;
  /** The active fields in form order. */
  fields: RegField[];
  /** The event's scoring classes a team chooses from (klassid setting), in their order. */
  classes: { id: string; name: string }[];
  /** Whether a team must choose a class (regclassrequired, when the event has classes). */
  classRequired: boolean;
  teamtype: TeamType;
  joinrequiresconfirmation: boolean;
  /** The event's description, shown above the form. */
  description: string;
  prepagemessage: string;
  notallowedmessage: string;
  /** Their language copies (richText.ts: `localisedText` picks the reader's). */
  description_i18n?: Record<string, string>;
  prepagemessage_i18n?: Record<string, string>;
  notallowedmessage_i18n?: Record<string, string>;
  /** The signed-in user's teams in this event (empty when signed out). */
  mine: MyRegistration[];
  /** Registered teams with their public fields. */
  teams: PublicRegistration[];
}

/** The user behind a registration; only event admins get it. */
export interface RegUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  phone: string | null;
}

/** One row of the registered-teams dialog (GET /api/events/:id/registrations, event admins). */
export interface RegistrationRow {
  teamId: string;
  nr: string | null;
  name: string;
  /** The team's class id, or null. */
  klassid: string | null;
  allowed: boolean;
  regtime: number | null;
  orgcomment: string;
  values: Record<string, unknown>;
  user: RegUser | null;
  /** The members' names a team import stored (regdata `members`), when there are any. */
  members?: string[];
  /** The team's club a team import stored (regdata `club`), when there is one. */
  club?: string;
}

export interface RegistrationsView {
  /** Every field, deleted ones included, in form order. */
  fields: RegField[];
  rows: RegistrationRow[];
}

/**
 * PATCH /api/events/:id/registrations/:teamId (event admins): the organiser's comment, the form's
 * values (checked like the team's own, but `required` is not enforced) and the allowed flag.
 */
export const UpdateRegistrationBody = z
  .object({
    orgcomment: z.string().max(4000),
    values: z.record(z.string().max(40), z.unknown()).refine(...atMostKeys(100)),
    allowed: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateRegistrationBody = z.input<typeof UpdateRegistrationBody>;

/** Column headers of the registration CSV that the web translates. */
export interface RegCsvLabels {
  nr: string;
  team: string;
  teamId: string;
  klass: string;
  allowed: string;
  email: string;
  phone: string;
  displayName: string;
  regtime: string;
  orgcomment: string;
  /** The people columns (regPeopleColumns). */
  members: string;
  club: string;
  yes: string;
  no: string;
  /** The name of a class id. */
  className: (id: string) => string;
  /** The label of a field (built-in fields are translated by the web). */
  field: (f: RegField) => string;
}

/** The columns of the registered-teams table and CSV: one per field, or per choice when split. */
export interface RegColumn {
  field: RegField;
  /** Set when a multiple choice field is split: the column of one choice. */
  choice: string | null;
}

export function regColumns(fields: readonly RegField[], split: boolean): RegColumn[] {
  return fields
    .filter((f) => f.id !== 'teamname')
    .flatMap((field): RegColumn[] =>
      split && field.muitype === 'multiple' && field.choices.length > 0
        ? field.choices.map((choice) => ({ field, choice }))
        : [{ field, choice: null }],
    );
}

/** The text of one row's cell in a column (a split choice column shows 'x' when chosen). */
export function regCell(values: Record<string, unknown>, col: RegColumn): string {
  const v = values[col.field.id];
  if (col.choice !== null) {
    const list = Array.isArray(v) ? v : typeof v === 'string' ? splitChoices(v) : [];
    return list.includes(col.choice) ? 'x' : '';
  }
  return regValueText(v);
}

/** The columns of a team's imported people: its members' names and its club. */
export type RegPeopleColumn = 'members' | 'club';

/** The people columns some row has a value in (members before club); none when no row has. */
export function regPeopleColumns(rows: readonly RegistrationRow[]): RegPeopleColumn[] {
  const out: RegPeopleColumn[] = [];
  if (rows.some((r) => (r.members ?? []).length > 0)) out.push('members');
  if (rows.some((r) => (r.club ?? '') !== '')) out.push('club');
  return out;
}

/** A row's text in a people column: the members' names joined with ', ', or the club. */
export const regPeopleCell = (row: RegistrationRow, col: RegPeopleColumn): string =>
  col === 'members' ? (row.members ?? []).join(', ') : (row.club ?? '');

/**
 * The registration CSV `reg_{event}.csv` (csvDocument): row number, team, class, the imported
 * members and club (when some team has them), user, every field, registration time, comment.
 */
export function registrationsCsv(
  view: RegistrationsView,
  split: boolean,
  labels: RegCsvLabels,
): string {
  const cols = regColumns(view.fields, split);
  const people = regPeopleColumns(view.rows);
  const head = [
    labels.nr,
    labels.teamId,
    labels.team,
    labels.klass,
    ...people.map((c) => labels[c]),
    labels.allowed,
    labels.email,
    labels.phone,
    labels.displayName,
    ...cols.map((c) =>
      c.choice === null ? labels.field(c.field) : `${labels.field(c.field)}: ${c.choice}`,
    ),
    labels.regtime,
    labels.orgcomment,
  ];
  const lines = view.rows.map((r, i) => [
    i + 1,
    r.teamId,
    r.name,
    r.klassid === null ? '' : labels.className(r.klassid),
    ...people.map((c) => regPeopleCell(r, c)),
    r.allowed ? labels.yes : labels.no,
    shownEmail(r.user?.email) ?? '',
    r.user?.phone ?? '',
    r.user?.displayName ?? '',
    ...cols.map((c) => regCell(r.values, c)),
    csvDateTime(r.regtime),
    r.orgcomment,
  ]);
  return csvDocument(head, lines);
}
