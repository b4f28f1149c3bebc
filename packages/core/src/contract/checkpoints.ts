import { z } from 'zod';
import {
  CreateCheckpointBody,
  ImportCheckpointsBody,
  Kp,
  KpData,
  PrintItemsBody,
  RenumberBody,
  UpdateCheckpointBody,
} from '../checkpoints/types.ts';
import type {
  Checkpoint,
  CheckpointImportResult,
  CheckpointList,
  DeletedKp,
  DeletedKpOnTeamRow,
} from '../checkpoints/types.ts';
import { EventParams, Key } from './common.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const KpParams = EventParams.extend({ kpId: Key.describe("The checkpoint's id") });
const DeletedParams = EventParams.extend({ deletedId: Key.describe("The deleted record's id") });
const AnswerParams = EventParams.extend({
  teamId: Key.describe("The team's id"),
  kpId: Key.describe("The missing checkpoint's id"),
});

/**
 * A KP number as stored: an archived or older event may hold one today's rule (KpNr) refuses,
 * such as 1.5.
 */
const StoredKpNr = z.union([z.number(), z.string()]);
/** A checkpoint's `kp` document, its number as stored. */
const KpSchema = Kp.extend({
  nr: StoredKpNr.describe('A whole number, or a name such as F or 12a'),
}).meta({ id: 'Kp', description: 'Numbering, value class and flags' });
/** A checkpoint's `data` document. */
const KpDataSchema = KpData.meta({
  id: 'KpData',
  description: 'Description, location and responses',
});

/** A checkpoint as the API sends it. */
const CheckpointSchema = z
  .object({
    id: z.string(),
    kp: KpSchema,
    data: KpDataSchema.describe('Its public part only, unless the caller is an event admin'),
    answer: z
      .string()
      .nullable()
      .optional()
      .describe('The id of the correct response; only for event admins'),
  })
  .meta({ id: 'Checkpoint' }) satisfies z.ZodType<Checkpoint>;

const CheckpointListSchema = z.object({
  checkpoints: z.array(CheckpointSchema).describe('By number'),
  admin: z.boolean().describe('Whether the caller is an event admin (answers and scores shown)'),
  archived: z.boolean(),
}) satisfies z.ZodType<CheckpointList>;

const DeletedKpSchema = z
  .object({
    id: z.string().describe("The record's own id"),
    kpId: z.string().describe('The id the checkpoint had, and gets back on restore'),
    kp: KpSchema,
    data: KpDataSchema,
    answer: z.string().nullable(),
    deletedAt: z.number(),
  })
  .meta({ id: 'DeletedKp' }) satisfies z.ZodType<DeletedKp>;

const ImportResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int().describe('Moved to the deleted store (mode replace)'),
  skipped: z.number().int(),
}) satisfies z.ZodType<CheckpointImportResult>;

const DeletedKpOnTeamSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  kpId: z.string(),
  aeg: z.number().nullable(),
  deleted: z.boolean().describe('Whether the KP is in the deleted store (restorable)'),
  answer: z.string().nullable(),
  ok: z.boolean().nullable(),
  deletedNr: StoredKpNr.nullable().describe("The deleted KP's number"),
  deletedId: z.string().nullable().describe("The deleted record's id, for restoring"),
}) satisfies z.ZodType<DeletedKpOnTeamRow>;

const PrintItemsSchema = PrintItemsBody.meta({
  id: 'PrintItems',
  description: 'Print items by id',
});

const ADMINS = 'Event admins';
const ARCHIVED = ['kp.error.archived'] as const;
/** Why a write that gives a KP its number cannot be made. */
const NUMBER_CONFLICTS = ['error.cpnumconflict', 'kp.error.archived'] as const;
/** What a checkpoint document may be refused for. */
const REFUSED = ['error.validation', 'kp.error.badnumber', 'kpdata.badresponse'] as const;

/** Checkpoints (KP), their import, renumbering, deleted store and print items (spec 01 §3). */
export const checkpointsContract = {
  checkpoints: {
    summary: "The event's checkpoints, with answers and scores for its admins",
    description:
      'Others get the KPs a team would see (none in work), each with its public data only.',
    access: 'Event admins; anyone who may see the event while it shows its KPs on the web',
    params: EventParams,
    answer: CheckpointListSchema,
    errors: EVENT_ADMIN_ERRORS,
  },
  createCheckpoint: {
    summary: 'Creates a checkpoint; without `kp.nr` it takes the next free number',
    access: ADMINS,
    params: EventParams,
    body: CreateCheckpointBody,
    answer: CheckpointSchema,
    status: 201,
    errors: { 400: REFUSED, ...EVENT_ADMIN_ERRORS, 409: NUMBER_CONFLICTS },
  },
  updateCheckpoint: {
    summary: 'Changes a checkpoint: `kp` and `data` key by key (null removes a key), `answer`',
    access: ADMINS,
    params: KpParams,
    body: UpdateCheckpointBody,
    answer: CheckpointSchema,
    errors: { 400: REFUSED, ...EVENT_ADMIN_ERRORS, 409: NUMBER_CONFLICTS },
  },
  deleteCheckpoint: {
    summary: 'Moves a checkpoint to the deleted store; answers the record to undo with',
    access: ADMINS,
    params: KpParams,
    answer: DeletedKpSchema,
    errors: { ...EVENT_ADMIN_ERRORS, 409: ARCHIVED },
  },
  importCheckpoints: {
    summary: 'Imports checkpoints (add, merge or replace), all in one transaction or none',
    access: `${ADMINS}; rate limited`,
    params: EventParams,
    body: ImportCheckpointsBody,
    answer: ImportResultSchema,
    errors: {
      400: REFUSED,
      ...EVENT_ADMIN_ERRORS,
      409: ARCHIVED,
      429: ['error.toomany'],
    },
  },
  renumberCheckpoints: {
    summary: 'Moves the numbers of the KPs numbered start..end by `add`; answers the new list',
    access: ADMINS,
    params: EventParams,
    body: RenumberBody,
    answer: z.array(CheckpointSchema),
    errors: {
      400: ['error.validation', 'kp.error.badnumber'],
      ...EVENT_ADMIN_ERRORS,
      409: NUMBER_CONFLICTS,
    },
  },
  deletedKps: {
    summary: 'The deleted checkpoints, newest first',
    access: ADMINS,
    params: EventParams,
    answer: z.array(DeletedKpSchema),
    errors: EVENT_ADMIN_ERRORS,
  },
  restoreKp: {
    summary: 'Puts a deleted checkpoint back under its old id',
    access: ADMINS,
    params: DeletedParams,
    answer: CheckpointSchema,
    errors: { ...EVENT_ADMIN_ERRORS, 409: NUMBER_CONFLICTS },
  },
  deletedKpOnTeam: {
    summary: 'Team answers to checkpoints that no longer exist, with their deleted records',
    access: ADMINS,
    params: EventParams,
    answer: z.array(DeletedKpOnTeamSchema),
    errors: EVENT_ADMIN_ERRORS,
  },
  deleteTeamAnswer: {
    summary: "Deletes a team's answer to a checkpoint (audited)",
    access: ADMINS,
    params: AnswerParams,
    answer: null,
    errors: { ...EVENT_ADMIN_ERRORS, 409: ARCHIVED },
  },
  printItems: {
    summary: "The event's print items, by id",
    access: ADMINS,
    params: EventParams,
    answer: PrintItemsSchema,
    errors: EVENT_ADMIN_ERRORS,
  },
  savePrintItems: {
    summary: 'Replaces every print item (up to 5,000); answers the stored set',
    access: ADMINS,
    params: EventParams,
    body: PrintItemsSchema,
    answer: PrintItemsSchema,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS, 409: ARCHIVED },
  },
} as const satisfies Declarations<
  | 'checkpoints'
  | 'createCheckpoint'
  | 'updateCheckpoint'
  | 'deleteCheckpoint'
  | 'importCheckpoints'
  | 'renumberCheckpoints'
  | 'deletedKps'
  | 'restoreKp'
  | 'deletedKpOnTeam'
  | 'deleteTeamAnswer'
  | 'printItems'
  | 'savePrintItems'
>;
