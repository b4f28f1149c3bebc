import { z } from 'zod';
import { ERROR_MESSAGES } from '../errors.ts';
import { SHORTLINK_MAX_LENGTH } from '../limits.ts';
import type { CupRow, CupSettings } from './standings.ts';

/**
 * The series (cup) API (docs/api.md, Cups): bodies checked by the server, views it answers with.
 */

/**
 * A cup's link (its id in /cup/{cupid}): letters, digits, `-` and `_`. An empty or badly written
 * link is refused with its own key (cup.error.emptylink, cup.error.badlink) rather than
 * error.validation: custom issues naming the key, which the server answers with (validationKey).
 */
export const CupLink = z
  .string()
  .trim()
  .refine((link) => link.length > 0, {
    message: ERROR_MESSAGES['cup.error.emptylink'],
    params: { key: 'cup.error.emptylink' },
    abort: true,
  })
  .max(SHORTLINK_MAX_LENGTH)
  .refine((link) => /^[A-Za-z0-9_-]*$/.test(link), {
    message: ERROR_MESSAGES['cup.error.badlink'],
    params: { key: 'cup.error.badlink' },
  })
  // The rules above as JSON Schema has them, for the API reference (refinements are not shown).
  .meta({ minLength: 1, pattern: '^[A-Za-z0-9_-]+$' });

/** POST /api/cups: a new series; the caller becomes its owner. */
export const CreateCupBody = z
  .object({
    id: CupLink,
    name: z.string().trim().min(1).max(200),
    year: z.number().int().min(1900).max(3000),
  })
  .strict();
export type CreateCupBody = z.input<typeof CreateCupBody>;

/** PATCH /api/cups/:cupId (cup admins): the fields to change (05 §1). */
export const UpdateCupBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    year: z.number().int().min(1900).max(3000),
    points: z.array(z.number().finite().min(-1e6).max(1e6)).max(500),
    growingpoints: z.boolean(),
    atleast1: z.boolean(),
    missvalue: z.number().finite().min(-1e6).max(1e6),
    countingevents: z.number().int().min(1).max(1000).nullable(),
  })
  .partial()
  .strict();
export type UpdateCupBody = z.input<typeof UpdateCupBody>;

/** POST /api/cups/:cupId/events: an event the caller administers. */
export const AddCupEventBody = z
  .object({ eventId: z.string().min(1).max(SHORTLINK_MAX_LENGTH) })
  .strict();
export type AddCupEventBody = z.input<typeof AddCupEventBody>;

/** POST /api/cups/:cupId/admins. */
export const AddCupAdminBody = z.object({ userId: z.string().min(1).max(100) }).strict();
export type AddCupAdminBody = z.input<typeof AddCupAdminBody>;

/** PUT /api/cups/:cupId/cells: a cup admin's value for one team in one event; null removes it. */
export const CupCellBody = z
  .object({
    event: z.string().min(1).max(SHORTLINK_MAX_LENGTH),
    team: z.string().min(1).max(400),
    value: z.number().finite().min(-1e6).max(1e6).nullable(),
  })
  .strict();
export type CupCellBody = z.input<typeof CupCellBody>;

/** POST /api/cups/:cupId/joins: `other` is joined into `keep` (05 §5). */
export const CupJoinBody = z
  .object({ keep: z.string().min(1).max(400), other: z.string().min(1).max(400) })
  .strict();
export type CupJoinBody = z.input<typeof CupJoinBody>;

/** A cup in lists (the management screen's dropdown). */
export interface CupSummary {
  id: string;
  name: string;
  year: number;
}

export interface CupAdminView {
  uid: string;
  displayName: string;
  role: 'owner' | 'admin';
}

/** An event of a cup, numbered in cup order (1., 2., …). */
export interface CupEventView {
  id: string;
  name: string;
  starttime: number | null;
  /** Whether this cup is the event's main series. */
  main: boolean;
  /** Whether the event has results yet. */
  hasResults: boolean;
}

/** GET /api/cups/:cupId. */
export interface CupView extends CupSummary {
  settings: CupSettings;
  admins: CupAdminView[];
  events: CupEventView[];
  /** Whether the caller administers the cup. */
  canEdit: boolean;
}

/** A standings row with the contact of its owner, for those allowed to see it. */
export interface CupStandingsRow extends CupRow {
  email?: string;
  displayName?: string;
}

/** A cup's latest undo entry; `join` names the teams of a join's entry ("Joined teams", 05 §5). */
export interface CupUndoView {
  id: string;
  label: string;
  at: number;
  join?: { keep: string; other: string; keepName: string; otherName: string };
}

/** GET /api/cups/:cupId/standings. */
export interface CupStandingsView {
  cup: CupSummary;
  events: CupEventView[];
  /** Points are unconfigured: no standings (05 §1). */
  unconfigured: boolean;
  rows: CupStandingsRow[];
  /** Whether the caller administers the cup (edits, joins, contacts). */
  canEdit: boolean;
  /** The latest undo entry, for cup admins. */
  undo: CupUndoView | null;
  computedAt: number;
}

/** GET /api/cups/links/:link: whether a new cup may take the link. */
export interface CupLinkCheck {
  free: boolean;
}
