import { z } from 'zod';
import { TextLanguage } from '../settings.ts';
import { atMostKeys } from '../recordBounds.ts';
import { KP_NR_MAX, isValidKpNr } from './kpNumber.ts';

/**
 * Checkpoints (KP) as the product stores and exchanges them (spec 01 §3). A checkpoint is three
 * documents under one id: `kp` (numbering, class and flags), `data` (description, location,
 * responses) and `answer` (the id of the correct response, for event admins only).
 * Unknown keys are kept, so the event file round trip stays lossless.
 */
const finite = z.number().finite();
export const LatLng = z.object({ lat: finite.min(-90).max(90), lng: finite.min(-180).max(180) });
export type LatLng = z.infer<typeof LatLng>;

/**
 * `nr`: a whole number from 1 to KP_NR_MAX, or a string such as 'F' (the finish) or '12a'
 * (isValidKpNr); otherwise a `kp.error.badnumber` issue.
 */
export const KpNr = z.union([finite, z.string().trim().min(1).max(20)]).refine(isValidKpNr, {
  message: `a whole number from 1 to ${KP_NR_MAX}, or a name such as F or 12a`,
  params: { key: 'kp.error.badnumber' },
  // Only a number or a text of the right length is judged (' ' is missing, not a bad number).
  when: (payload) => payload.issues.length === 0,
});
export type KpNr = z.infer<typeof KpNr>;

export const Kp = z.looseObject({
  nr: KpNr,
  /** Value class (default 1); difficulty 1 to 3 in the UI, colouring up to 8. */
  ra: finite.optional(),
  /** Multiplier (default 1). */
  grp: finite.optional(),
  inwork: z.boolean().optional(),
  kohustuslik: z.boolean().optional(),
  allok: z.boolean().optional(),
  isauto: z.boolean().optional(),
  autokp: z.boolean().optional(),
  tyhistatud: z.boolean().optional(),
  maxanswerdistance: finite.nonnegative().optional(),
  noopenwhennotclose: z.boolean().optional(),
  wrongpenalty: finite.optional(),
  dependkp: z.string().max(100).optional(),
});
export type Kp = z.infer<typeof Kp>;

export const KpData = z.looseObject({
  desc: z.string().max(2000).optional(),
  longdesc: z.string().max(100_000).optional(),
  /** Per-language copies of `longdesc` (richText.ts). */
  longdesc_i18n: z.record(TextLanguage, z.string().max(100_000)).optional(),
  a: z.string().max(2000).optional(),
  loc: LatLng.optional(),
  anycross: z.boolean().optional(),
  /** Response id → text. */
  responses: z
    .record(z.string().min(1).max(50), z.string().max(2000))
    .refine(...atMostKeys(100))
    .optional(),
  /** Response id → points, used when the event's `answerscores` is on (admins only). */
  scores: z
    .record(z.string().min(1).max(50), finite)
    .refine(...atMostKeys(100))
    .optional(),
});
export type KpData = z.infer<typeof KpData>;

/** A checkpoint as the API sends it. `answer` is present only for event admins. */
export interface Checkpoint {
  id: string;
  kp: Kp;
  data: KpData;
  answer?: string | null;
}

/** A deleted KP record (spec 01 §3): the KP with its data and answer, restorable. */
export interface DeletedKp {
  /** The record's own id. */
  id: string;
  /** The id the checkpoint had (and gets back on restore). */
  kpId: string;
  kp: Kp;
  data: KpData;
  answer: string | null;
  deletedAt: number;
}

/** Print item (spec 01 §3), for the print items CSV and printed maps. */
export const PrintItem = z.looseObject({
  loc: LatLng,
  type: z.string().max(50),
  name: z.string().max(200),
  limit: finite,
});
export type PrintItem = z.infer<typeof PrintItem>;

/** One checkpoint to write: from the grid, the old dialog, or an import row. */
export const CheckpointInput = z
  .object({
    /** Keep this id (JSON import, restore); a new one is made when absent. */
    id: z.string().min(1).max(100).optional(),
    kp: Kp,
    data: KpData.default({}),
    answer: z.string().min(1).max(50).nullable().default(null),
  })
  .strict();
export type CheckpointInput = z.input<typeof CheckpointInput>;

/** POST /api/events/:id/checkpoints. Without `kp.nr` the server takes the next free number. */
export const CreateCheckpointBody = z
  .object({
    kp: Kp.partial({ nr: true }),
    data: KpData.default({}),
    answer: z.string().min(1).max(50).nullable().default(null),
  })
  .strict();
export type CreateCheckpointBody = z.input<typeof CreateCheckpointBody>;

/**
 * PATCH /api/events/:id/checkpoints/:kpId. `kp` and `data` are merged key by key (null removes a
 * key); `answer` replaces the correct response (null clears it).
 */
export const UpdateCheckpointBody = z
  .object({
    kp: z
      .record(z.string(), z.unknown())
      .refine(...atMostKeys(100))
      .optional(),
    data: z
      .record(z.string(), z.unknown())
      .refine(...atMostKeys(100))
      .optional(),
    answer: z.string().min(1).max(50).nullable().optional(),
  })
  .strict();
export type UpdateCheckpointBody = z.input<typeof UpdateCheckpointBody>;

export const IMPORT_MODES = ['add', 'merge', 'replace'] as const;
/**
 * add: only numbers not yet used; merge: fill blanks of existing, add new; replace: delete all,
 * then write.
 */
export type ImportMode = (typeof IMPORT_MODES)[number];

/** POST /api/events/:id/checkpoints/import: all rows are written in one transaction, or none. */
export const ImportCheckpointsBody = z
  .object({
    mode: z.enum(IMPORT_MODES),
    checkpoints: z.array(CheckpointInput).max(5000),
  })
  .strict();
export type ImportCheckpointsBody = z.input<typeof ImportCheckpointsBody>;

/** What an import wrote: how many KPs it added, updated, moved to the deleted store and skipped. */
export interface CheckpointImportResult {
  added: number;
  updated: number;
  removed: number;
  skipped: number;
}

/** POST /api/events/:id/checkpoints/renumber: KPs numbered start..end (inclusive) move by `add`. */
export const RenumberBody = z
  .object({ start: z.number().int(), end: z.number().int(), add: z.number().int() })
  .strict();
export type RenumberBody = z.infer<typeof RenumberBody>;

/** PUT /api/events/:id/printitems: the whole list, id → item. */
export const PrintItemsBody = z
  .record(z.string().min(1).max(100), PrintItem)
  .refine(...atMostKeys(5000));
export type PrintItemsBody = z.infer<typeof PrintItemsBody>;

/** A team's answer for a checkpoint that no longer exists or was deleted (spec 01 screen 12). */
export interface DeletedKpOnTeamRow {
  teamId: string;
  teamName: string;
  kpId: string;
  aeg: number | null;
  /** True when the KP is in the deleted store (restorable); false when it is gone entirely. */
  deleted: boolean;
  answer: string | null;
  ok: boolean | null;
  /** The deleted KP's number, when it is in the deleted store. */
  deletedNr: KpNr | null;
  /** The deleted record's id, for restoring. */
  deletedId: string | null;
}

/** GET /api/events/:id/checkpoints */
export interface CheckpointList {
  checkpoints: Checkpoint[];
  /** True when the caller is an event admin (answers and scores included). */
  admin: boolean;
  /** Whether the event is archived (the UI hides add, import, export and delete). */
  archived: boolean;
}
