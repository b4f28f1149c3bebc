import { z } from 'zod';
import { JOIN_CODE_LENGTH, JOIN_CODE_MAX_LENGTH, JOIN_CODE_MIN_LENGTH } from './limits.ts';

/**
 * Join codes (spec 01 §3 Join code, §5, §9): a code lets a signed-in user join an event. A
 * single-team code belongs to one team: with `teamId` it attaches its user to that team, without
 * one its first use creates the team; after that it is used up. Any other code creates a new team
 * for each user who uses it (or returns the team the user already has in the event).
 */

/** Letters and digits, without the look-alikes 0/O, 1/I/L, so a code read aloud is typed right. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new code of `length` characters; `randomInt(n)` returns an integer in [0, n). */
export function generateJoinCode(
  randomInt: (n: number) => number,
  length: number = JOIN_CODE_LENGTH,
): string {
  let code = '';
  for (let i = 0; i < length; i += 1) {
    code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)] ?? 'A';
  }
  return code;
}

/** A code as typed: trimmed, upper case, letters and digits only. */
export const JoinCodeText = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(new RegExp(`^[A-Z0-9]{4,${JOIN_CODE_MAX_LENGTH}}$`)));

/**
 * A code an organiser chooses: at least JOIN_CODE_MIN_LENGTH characters, since a short one is
 * guessed quickly (older, shorter codes still work: lookups take JoinCodeText). The issue's
 * message is the error key the server answers with.
 */
export const NewJoinCodeText = JoinCodeText.refine((code) => code.length >= JOIN_CODE_MIN_LENGTH, {
  message: 'joinc.error.tooshort',
});

/** Validity choices; the end is 20:59:00 today (local time) plus the duration. */
export const JOIN_VALIDITIES = ['1w', '2w', '1m', '2m'] as const;
export type JoinValidity = (typeof JOIN_VALIDITIES)[number];
export const DEFAULT_JOIN_VALIDITY: JoinValidity = '1m';

/** The end of a code's validity chosen on `now` (a local date), in epoch ms. */
export function joinCodeValidUntil(now: Date, validity: JoinValidity): number {
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 20, 59, 0, 0);
  switch (validity) {
    case '1w':
      end.setDate(end.getDate() + 7);
      break;
    case '2w':
      end.setDate(end.getDate() + 14);
      break;
    case '1m':
      end.setMonth(end.getMonth() + 1);
      break;
    case '2m':
      end.setMonth(end.getMonth() + 2);
      break;
  }
  return end.getTime();
}

/** POST /api/events/:id/joincodes. Without `code` the server generates one. */
export const CreateJoinCodeBody = z
  .object({
    code: NewJoinCodeText.optional(),
    singleteam: z.boolean().default(false),
    /** A single-team code for an existing team. */
    teamId: z.string().min(1).max(100).nullable().optional(),
    valid: z.number().int().positive(),
  })
  .strict();
export type CreateJoinCodeBody = z.input<typeof CreateJoinCodeBody>;

/** PATCH /api/events/:id/joincodes/:code: toggles single-team or changes the validity. */
export const UpdateJoinCodeBody = z
  .object({ singleteam: z.boolean(), valid: z.number().int().positive() })
  .partial()
  .strict();
export type UpdateJoinCodeBody = z.input<typeof UpdateJoinCodeBody>;

/** One use of a code: who, when, and the team it gave them. */
export interface JoinCodeUse {
  uid: string;
  displayName: string | null;
  email: string | null;
  teamId: string | null;
  teamName: string | null;
  at: number;
}

/** A code in the organiser's list (GET /api/events/:id/joincodes, event admins). */
export interface JoinCodeView {
  code: string;
  singleteam: boolean;
  teamId: string | null;
  teamName: string | null;
  valid: number;
  /** The first user who used it (`used`), or null. */
  used: string | null;
  uses: JoinCodeUse[];
  createdAt: number;
  /** The join link's path, `/{evid}/join/{code}`. */
  link: string;
}

/** Why a code cannot be used now. */
export type JoinCodeStatus = 'ok' | 'expired' | 'used' | 'archived';

/** GET /api/joincodes/:code: what the join page shows before the user joins (anyone). */
export interface JoinCodeInfo {
  code: string;
  eventId: string;
  eventName: string;
  starttime: number | null;
  singleteam: boolean;
  teamName: string | null;
  valid: number;
  status: JoinCodeStatus;
}

/** POST /api/join: use a code. `teamName` names a new team (default: the user's name). */
export const UseJoinCodeBody = z
  .object({
    code: JoinCodeText,
    teamName: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type UseJoinCodeBody = z.input<typeof UseJoinCodeBody>;

export interface JoinResult {
  eventId: string;
  teamId: string;
  teamName: string;
  /** True when the use created the team. */
  created: boolean;
  /** False while the organiser must still confirm the team (`joinrequiresconfirmation`). */
  allowed: boolean;
}

/** The path of a code's join link. */
export const joinPath = (eventId: string, code: string): string =>
  `/${encodeURIComponent(eventId)}/join/${encodeURIComponent(code)}`;
