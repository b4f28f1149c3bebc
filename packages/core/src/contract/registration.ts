import { z } from 'zod';
import {
  REG_FIELD_TYPES,
  RegisterBody,
  TEAM_TYPES,
  UpdateRegistrationBody,
} from '../registration.ts';
import type {
  MyRegistration,
  RegFormView,
  RegistrationRow,
  RegistrationsView,
} from '../registration.ts';
import { EventParams } from './common.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';
import { TeamParams } from './teams.ts';

const RegFieldSchema = z
  .object({
    id: z.string(),
    builtin: z.boolean(),
    label: z.string().describe('The organiser’s label; empty for built-in fields'),
    hint: z.string(),
    muitype: z.enum(REG_FIELD_TYPES),
    choices: z.array(z.string()),
    s: z.number(),
    required: z.boolean(),
    public: z.boolean(),
    deleted: z.boolean(),
  })
  .meta({ id: 'RegField' });

const Values = z.record(z.string(), z.unknown());

const MyRegistrationSchema = z
  .object({
    teamId: z.string(),
    name: z.string(),
    klassid: z.string().nullable(),
    allowed: z.boolean(),
    regtime: z.number().nullable(),
    values: Values,
  })
  .meta({ id: 'MyRegistration' }) satisfies z.ZodType<MyRegistration>;

const I18n = z.record(z.string(), z.string()).optional();

const RegFormViewSchema = z
  .object({
    eventId: z.string(),
    eventName: z.string(),
    starttime: z.number().nullable(),
    endtime: z.number().nullable(),
    open: z.boolean(),
    closedReason: z.enum(['archived', 'ended']).nullable(),
    fields: z.array(RegFieldSchema).describe('The active fields in form order'),
    classes: z.array(z.object({ id: z.string(), name: z.string() })),
    classRequired: z.boolean(),
    teamtype: z.enum(TEAM_TYPES),
    joinrequiresconfirmation: z.boolean(),
    description: z.string(),
    prepagemessage: z.string(),
    notallowedmessage: z.string(),
    description_i18n: I18n,
    prepagemessage_i18n: I18n,
    notallowedmessage_i18n: I18n,
    mine: z.array(MyRegistrationSchema).describe("The caller's teams (empty when signed out)"),
    teams: z
      .array(
        z.object({
          teamId: z.string(),
          nr: z.string().nullable(),
          name: z.string(),
          klassid: z.string().nullable(),
          allowed: z.boolean(),
          values: Values.describe('Its public fields only'),
        }),
      )
      .describe('Registered teams with their public fields'),
  })
  .meta({ id: 'RegFormView' }) satisfies z.ZodType<RegFormView>;

const RegistrationRowSchema = z.object({
  teamId: z.string(),
  nr: z.string().nullable(),
  name: z.string(),
  klassid: z.string().nullable(),
  allowed: z.boolean(),
  regtime: z.number().nullable(),
  orgcomment: z.string(),
  values: Values,
  user: z
    .object({
      uid: z.string(),
      email: z.string().nullable(),
      displayName: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  members: z.array(z.string()).optional(),
  club: z.string().optional(),
}) satisfies z.ZodType<RegistrationRow>;

const RegistrationsViewSchema = z.object({
  fields: z.array(RegFieldSchema).describe('Every field, deleted ones included, in form order'),
  rows: z.array(RegistrationRowSchema),
}) satisfies z.ZodType<RegistrationsView>;

const REFUSED = [
  'error.validation',
  'reg.error.invalid',
  'reg.error.class',
  'reg.error.classrequired',
] as const;

/** Team registration (spec 01 §4). */
export const registrationContract = {
  regForm: {
    summary: 'The registration page: the form, the caller’s teams and the public list',
    access: 'Anyone who may see the event',
    params: EventParams,
    answer: RegFormViewSchema,
    errors: EVENT_ADMIN_ERRORS,
  },
  register: {
    summary: 'Registers a team of the caller',
    access: 'Signed in (a guest too); rate limited',
    params: EventParams,
    body: RegisterBody,
    answer: MyRegistrationSchema,
    status: 201,
    errors: {
      400: REFUSED,
      ...EVENT_ADMIN_ERRORS,
      409: ['reg.error.closed', 'reg.error.single', 'reg.error.toomany'],
      429: ['error.toomany'],
    },
  },
  updateMyRegistration: {
    summary: 'Changes a team the caller registered',
    access: 'The team’s registrant; rate limited',
    params: TeamParams,
    body: RegisterBody,
    answer: MyRegistrationSchema,
    errors: {
      400: REFUSED,
      ...EVENT_ADMIN_ERRORS,
      409: ['reg.error.closed'],
      429: ['error.toomany'],
    },
  },
  registrations: {
    summary: 'Every registered team with its fields and registrant',
    access: 'Event admins',
    params: EventParams,
    answer: RegistrationsViewSchema,
    errors: EVENT_ADMIN_ERRORS,
  },
  updateRegistration: {
    summary: "Sets a registration's comment, values or allowed flag",
    access: 'Event admins',
    params: TeamParams,
    body: UpdateRegistrationBody,
    answer: RegistrationRowSchema,
    errors: { 400: REFUSED, ...EVENT_ADMIN_ERRORS },
  },
} as const satisfies Declarations<
  'regForm' | 'register' | 'updateMyRegistration' | 'registrations' | 'updateRegistration'
>;
