import { z } from 'zod';
import {
  AddCupAdminBody,
  AddCupEventBody,
  CreateCupBody,
  CupCellBody,
  CupJoinBody,
  CupLink,
  UpdateCupBody,
} from '../cup/api.ts';
import type {
  CupAdminView,
  CupEventView,
  CupLinkCheck,
  CupStandingsRow,
  CupStandingsView,
  CupSummary,
  CupUndoView,
  CupView,
} from '../cup/api.ts';
import type { CupSettings } from '../cup/standings.ts';
import { SHORTLINK_MAX_LENGTH } from '../limits.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const CupKey = z.string().min(1).max(SHORTLINK_MAX_LENGTH);
/** `:cupId`: a cup's link. */
const CupParams = z.object({ cupId: CupKey.describe("The cup's link") });

const CupSummarySchema = z
  .object({ id: z.string(), name: z.string(), year: z.number().int() })
  .meta({ id: 'CupSummary' }) satisfies z.ZodType<CupSummary>;

const CupSettingsSchema = z.object({
  points: z
    .array(z.number())
    .readonly()
    .describe('Points by place, 1st first; empty: no standings'),
  growingpoints: z.boolean(),
  atleast1: z.boolean(),
  missvalue: z.number(),
  countingevents: z.number().int().nullable().describe("How many of a team's scores count"),
}) satisfies z.ZodType<CupSettings>;

const CupEventSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    starttime: z.number().nullable(),
    main: z.boolean().describe("Whether this cup is the event's main series"),
    hasResults: z.boolean(),
  })
  .meta({ id: 'CupEvent' }) satisfies z.ZodType<CupEventView>;

const CupViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    year: z.number().int(),
    settings: CupSettingsSchema,
    admins: z.array(
      z.object({
        uid: z.string(),
        displayName: z.string(),
        role: z.enum(['owner', 'admin']),
      }) satisfies z.ZodType<CupAdminView>,
    ),
    events: z.array(CupEventSchema).describe('In cup order'),
    canEdit: z.boolean().describe('Whether the caller administers the cup'),
  })
  .meta({ id: 'Cup' }) satisfies z.ZodType<CupView>;

const CupRowSchema = z.object({
  class: z.string().describe("The class name as last seen ('' for none)"),
  key: z.string().describe('The cup team: u:<account>, else n:<class>:<name>'),
  name: z.string(),
  allnames: z.array(z.string()),
  place: z.number().int().nullable(),
  placeLabel: z.string(),
  scores: z.array(z.number().nullable()).describe('One per event in cup order; null: nothing'),
  used: z.array(z.boolean()).describe('Whether each score counts'),
  own: z
    .array(z.boolean())
    .describe("Whether each score is the team's own (it took part, or a cup admin edited it)"),
  edited: z
    .record(z.string(), z.number().nullable())
    .optional()
    .describe('The edited cells by event index: the value each would have without the edit'),
  total: z.number(),
  email: z.string().optional().describe("The owner's, for cup admins"),
  displayName: z.string().optional().describe("The owner's, for cup admins"),
}) satisfies z.ZodType<CupStandingsRow>;

const CupStandingsSchema = z
  .object({
    cup: CupSummarySchema,
    events: z.array(CupEventSchema),
    unconfigured: z.boolean().describe('Points are not set: no standings'),
    rows: z.array(CupRowSchema),
    canEdit: z.boolean().describe('Whether the caller administers the cup'),
    undo: z
      .object({
        id: z.string(),
        label: z.string(),
        at: z.number(),
        join: z
          .object({
            keep: z.string(),
            other: z.string(),
            keepName: z.string(),
            otherName: z.string(),
          })
          .optional()
          .describe("The teams of a join's entry"),
      })
      .nullable()
      .describe('The latest undo entry, for cup admins') satisfies z.ZodType<CupUndoView | null>,
    computedAt: z.number(),
  })
  .meta({ id: 'CupStandings' }) satisfies z.ZodType<CupStandingsView>;

const ANYONE = 'Anyone';
const SIGNED_IN = 'Signed-in users';
const CUP_ADMINS = 'Cup admins and the super admin';
/** What a cup admin's operation answers to others and for an unknown cup. */
const CUP_ADMIN_ERRORS = { ...CALLER_ERRORS, 404: ['cup.error.notfound'] } as const;
const LINK_ERRORS = ['error.validation', 'cup.error.emptylink', 'cup.error.badlink'] as const;

/** Series (cups) and their standings (spec 02, 05). */
export const cupsContract = {
  cups: {
    summary: 'The cups, or only those the caller administers',
    access: `${ANYONE}; signed-in users for their own (mine=1)`,
    query: z.object({
      mine: z.enum(['0', '1']).optional().describe('1: only the cups the caller administers'),
    }),
    answer: z.array(CupSummarySchema),
    errors: { 400: ['error.validation'], 401: ['error.unauthorized'] },
  },
  cupLinkCheck: {
    summary: 'Whether a new cup may take a link',
    access: SIGNED_IN,
    params: z.object({ link: CupLink }),
    answer: z.object({ free: z.boolean() }) satisfies z.ZodType<CupLinkCheck>,
    errors: { 400: LINK_ERRORS, 401: ['error.unauthorized'] },
  },
  createCup: {
    summary: 'Makes a cup; the caller becomes its owner',
    access: SIGNED_IN,
    body: CreateCupBody,
    answer: CupViewSchema,
    status: 201,
    errors: { 400: LINK_ERRORS, 401: ['error.unauthorized'], 409: ['cup.error.usedlink'] },
  },
  cup: {
    summary: 'A cup: its settings, admins and events',
    access: ANYONE,
    params: CupParams,
    answer: CupViewSchema,
    errors: { 404: ['cup.error.notfound'] },
  },
  updateCup: {
    summary: "Changes a cup's name, year or points settings",
    access: CUP_ADMINS,
    params: CupParams,
    body: UpdateCupBody,
    answer: CupViewSchema,
    errors: { 400: ['error.validation'], ...CUP_ADMIN_ERRORS },
  },
  addCupAdmin: {
    summary: 'Adds a cup admin',
    access: CUP_ADMINS,
    params: CupParams,
    body: AddCupAdminBody,
    answer: CupViewSchema,
    errors: {
      400: ['error.validation'],
      ...CUP_ADMIN_ERRORS,
      404: ['cup.error.notfound', 'admins.error.unknownuser'],
    },
  },
  removeCupAdmin: {
    summary: 'Removes a cup admin (never the owner)',
    access: CUP_ADMINS,
    params: CupParams.extend({ userId: z.string().min(1).max(100) }),
    answer: CupViewSchema,
    errors: {
      ...CUP_ADMIN_ERRORS,
      404: ['cup.error.notfound', 'admins.error.notadmin'],
      409: ['cup.error.owner'],
    },
  },
  addCupEvent: {
    summary: 'Adds an event: as its main series when it has none, else as a secondary one',
    access: `${CUP_ADMINS}, for an event they administer`,
    params: CupParams,
    body: AddCupEventBody,
    answer: CupViewSchema,
    errors: {
      400: ['error.validation'],
      ...CUP_ADMIN_ERRORS,
      404: ['cup.error.notfound', 'error.notfound'],
      409: ['cup.error.eventincup'],
    },
  },
  removeCupEvent: {
    summary: 'Takes an event out of a cup',
    access: CUP_ADMINS,
    params: CupParams.extend({ eventId: CupKey }),
    answer: CupViewSchema,
    errors: { ...CUP_ADMIN_ERRORS, 404: ['cup.error.notfound', 'cup.error.eventnotincup'] },
  },
  cupStandings: {
    summary: "A cup's standings; with the owners' contacts and the undo entry for cup admins",
    access: ANYONE,
    params: CupParams,
    answer: CupStandingsSchema,
    errors: { 404: ['cup.error.notfound'] },
  },
  setCupCell: {
    summary: "Sets a cup admin's value for one team in one event; null removes it",
    access: CUP_ADMINS,
    params: CupParams,
    body: CupCellBody,
    answer: CupStandingsSchema,
    errors: {
      400: ['error.validation'],
      ...CUP_ADMIN_ERRORS,
      404: ['cup.error.notfound', 'cup.error.eventnotincup'],
    },
  },
  joinCupTeams: {
    summary: 'Joins two cup teams of one class (the other into keep); it can be undone',
    access: CUP_ADMINS,
    params: CupParams,
    body: CupJoinBody,
    answer: CupStandingsSchema,
    errors: {
      400: ['error.validation', 'cup.error.join'],
      ...CUP_ADMIN_ERRORS,
      409: ['cup.error.joinclash'],
    },
  },
  undoCup: {
    summary: 'Undoes the latest join',
    access: CUP_ADMINS,
    params: CupParams,
    answer: CupStandingsSchema,
    errors: { ...CUP_ADMIN_ERRORS, 409: ['cup.error.noundo'] },
  },
} as const satisfies Declarations<
  | 'cups'
  | 'cupLinkCheck'
  | 'createCup'
  | 'cup'
  | 'updateCup'
  | 'addCupAdmin'
  | 'removeCupAdmin'
  | 'addCupEvent'
  | 'removeCupEvent'
  | 'cupStandings'
  | 'setCupCell'
  | 'joinCupTeams'
  | 'undoCup'
>;
