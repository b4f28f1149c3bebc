import { z } from 'zod';
import { TeamAnswerBody } from '../results.ts';
import type { ResponsesView, ResultsView, TeamMembersView } from '../results.ts';
import { RESULT_STATUSES } from '../scoring/types.ts';
import type { ResultStatus, TeamResult } from '../scoring/types.ts';
import type { RouteVisit, SplitVisit, TeamSplits } from '../scoring/splits.ts';
import { EventParams, Key } from './common.ts';
import { TeamParams } from './teams.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const Time = z.number().nullable().describe('Epoch ms, or null');
const VisitState = z
  .enum(['ok', 'wrong', 'none'])
  .describe('How the visit counted: ok, wrong, or neither (a negative answer score)');

const RouteVisitShape = {
  kp: z.string().describe('The KP number, or its id when it has none'),
  aeg: Time.describe('Epoch ms of the mark, or null when the answer has no time'),
  state: VisitState,
};
const RouteVisitSchema = z.object(RouteVisitShape) satisfies z.ZodType<RouteVisit>;

const TeamResultSchema = z
  .object({
    teamId: z.string(),
    name: z.string(),
    nr: z.string().nullable(),
    klassid: z.string().nullable(),
    starttime: Time.describe('The start the time counts from, or null'),
    finishtime: Time,
    place: z.number().nullable().describe('Place within the class; null when not placed'),
    overallplace: z.number().nullable().describe('Place among all scored teams'),
    status: z.enum(RESULT_STATUSES as [ResultStatus, ...ResultStatus[]]),
    dsq: z.boolean(),
    katk: z.boolean(),
    rasums: z.record(z.string(), z.number()),
    okcount: z.number(),
    wrongcount: z.number(),
    kppenalty: z.number(),
    kpsum: z.number(),
    kpkokku: z.number(),
    timepenaltys: z.array(z.number()),
    timepenaltytotal: z.number(),
    spdpenalty: z.number(),
    lypoints: z.number(),
    dst: z.number().nullable().describe('Kilometres, or null without track statistics'),
    dstpoints: z.number(),
    firstkpsbonus: z.number(),
    firstbonus: z.number(),
    sum: z.number(),
    spent: z.number().nullable().describe('Milliseconds, or null when not finished'),
    overtime: z.boolean(),
    spenttime: z.string().nullable().describe('`spent` as h:mm:ss'),
    route: z
      .array(RouteVisitSchema)
      .optional()
      .describe('Roadbook events only: the KPs the team marked, in time order'),
  })
  .meta({ id: 'TeamResult' }) satisfies z.ZodType<TeamResult>;

/** The results document (GET /events/:id/results sends it as kept bytes). */
const ResultsViewSchema = z
  .object({
    results: z.array(TeamResultSchema),
    computedAt: z.number().describe('Epoch ms of the computation the results come from'),
    settings: z.object({
      pointssuffix: z.string(),
      distanceinresult: z.boolean(),
      hidewrongmarks: z.boolean(),
      sfwithseconds: z.boolean(),
      sfwithdate: z.boolean(),
      hidespeedings: z.boolean(),
      klassid: z.record(z.string(), z.unknown()).describe('Class id → class name'),
    }),
  })
  .meta({ id: 'ResultsView' }) satisfies z.ZodType<ResultsView>;

const ResponsesViewSchema = z.object({
  kps: z.array(
    z.object({
      id: z.string(),
      nr: z.string().nullable(),
      responses: z.record(z.string(), z.string()),
    }),
  ),
  teams: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      nr: z.string().nullable(),
      marks: z
        .string()
        .describe('One character a KP, in the order of `kps`: o ok, x wrong, . none'),
      answers: z
        .array(z.string().nullable())
        .nullable()
        .describe('The response id chosen at each KP; null unless `answersShown`'),
    }),
  ),
  answersShown: z.boolean().describe('Whether the chosen and the correct answers are shown'),
  wrongShown: z.boolean(),
  correct: z
    .record(z.string(), z.string())
    .describe('KP id → correct response id; empty unless `answersShown`'),
}) satisfies z.ZodType<ResponsesView>;

const TeamMembersViewSchema = z.object({
  members: z.record(z.string(), z.array(z.string())).describe("Team id → its members' names"),
}) satisfies z.ZodType<TeamMembersView>;

const SplitVisitSchema = z.object({
  ...RouteVisitShape,
  kpId: z.string(),
  answer: z.string().nullable().describe('The response id the team chose, or null'),
  leg: z.number().nullable().describe('ms from the previous visit (the start for the first)'),
  elapsed: z.number().nullable().describe('ms from the start'),
  points: z.number(),
  total: z.number().describe('Points of the visits so far, this one included'),
}) satisfies z.ZodType<SplitVisit>;

const TeamSplitsSchema = z.object({
  teamId: z.string(),
  name: z.string(),
  starttime: Time,
  finishtime: Time,
  visits: z.array(SplitVisitSchema),
  wrongHidden: z.boolean().describe('Whether wrong marks are left out'),
}) satisfies z.ZodType<TeamSplits>;

const SavedAnswerSchema = z.object({
  answer: z.string().nullable(),
  ok: z.boolean().nullable(),
  aeg: Time,
});

const READERS = "Anyone; under the event's `hideresults` setting its admins only";
const READ_ERRORS = { 403: ['results.error.hidden'], 404: ['error.notfound'] } as const;

/** Results, responses, splits and an admin's edit of one team answer (spec 03). */
export const resultsContract = {
  results: {
    summary: "The event's results with the settings that show them",
    description:
      'Recalculated after every change and when a start passes; sent as stored, compressed ' +
      'once per version.',
    access: READERS,
    params: EventParams,
    answer: ResultsViewSchema,
    errors: READ_ERRORS,
  },
  responses: {
    summary: 'Teams × checkpoints: who answered what',
    description:
      'The chosen and correct answers are shown to admins, and to anyone after the end; wrong ' +
      'marks not to others under `hidewrongmarks`.',
    access: READERS,
    params: EventParams,
    answer: ResponsesViewSchema,
    errors: READ_ERRORS,
  },
  resultsMembers: {
    summary: "The display names of each team's members (never an email or phone)",
    access: READERS,
    params: EventParams,
    answer: TeamMembersViewSchema,
    errors: READ_ERRORS,
  },
  splits: {
    summary: "A team's KP visits in time order with leg times and points",
    access: READERS,
    params: TeamParams,
    answer: TeamSplitsSchema,
    errors: READ_ERRORS,
  },
  setTeamAnswer: {
    summary: 'Changes one team answer (fields left out keep their value), audited',
    access: 'Event admins',
    params: TeamParams.extend({ kpId: Key.describe("The KP's id") }),
    body: TeamAnswerBody,
    answer: SavedAnswerSchema,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS, 409: ['kp.error.archived'] },
  },
} as const satisfies Declarations<
  'results' | 'responses' | 'resultsMembers' | 'splits' | 'setTeamAnswer'
>;
