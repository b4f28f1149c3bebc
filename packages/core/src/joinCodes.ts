import { z } from 'zod';
import { JOIN_CODE_LENGTH, JOIN_CODE_MAX_LENGTH, JOIN_CODE_MIN_LENGTH } from './limits.ts';
import { addDays, addMonths, endOfZonedDay, zonedDate } from './timeZone.ts';

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
 * guessed quickly (older, shorter codes still work: lookups take JoinCodeText). A short one is a
 * `joinc.error.tooshort` issue; a code of the wrong characters is only that, whatever its length.
 */
export const NewJoinCodeText = JoinCodeText.refine((code) => code.length >= JOIN_CODE_MIN_LENGTH, {
  message: `A join code needs at least ${JOIN_CODE_MIN_LENGTH} characters`,
  params: { key: 'joinc.error.tooshort' },
  when: (payload) => payload.issues.length === 0,
});

/**
 * Validity choices: a code chosen today is valid to the end of the day (23:59:59.999 in the
 * event's time zone, timeZone.ts eventTimeZone) one or two weeks or one or two months later.
 */
export const JOIN_VALIDITIES = ['1w', '2w', '1m', '2m'] as const;
export type JoinValidity = (typeof JOIN_VALIDITIES)[number];
export const DEFAULT_JOIN_VALIDITY: JoinValidity = '1m';

/**
 * The end of a code's validity chosen at `now` (epoch ms): the last millisecond of the day
 * `validity` after today's date in `zone`. A month later than 31 January is the last of February.
 */
export function joinCodeValidUntil(now: number, validity: JoinValidity, zone: string): number {
  const today = zonedDate(now, zone);
  const last =
    validity === '1w'
      ? addDays(today, 7)
      : validity === '2w'
        ? addDays(today, 14)
        : addMonths(today, validity === '1m' ? 1 : 2);
  return endOfZonedDay(last, zone);
}

/** GET /api/events/:id/joincodes/validities: each choice's end, computed by the server now. */
export interface JoinCodeValidities {
  /** The event's time zone, in which every end is the end of a day. */
  timeZone: string;
  ends: Record<JoinValidity, number>;
}

/**
 * POST /api/events/:id/joincodes. Without `code` the server generates one. The validity is a
 * choice the server turns into an end (`validity`), or an exact end in epoch ms (`valid`).
 */
export const CreateJoinCodeBody = z
  .object({
    code: NewJoinCodeText.optional(),
    singleteam: z.boolean().default(false),
    /** A single-team code for an existing team. */
    teamId: z.string().min(1).max(100).nullable().optional(),
    validity: z.enum(JOIN_VALIDITIES).optional(),
    valid: z.number().int().positive().optional(),
  })
  .strict()
  .refine((b) => (b.validity === undefined) !== (b.valid === undefined), {
    message: 'either validity or valid',
    path: ['validity'],
  });
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
  /** The event's time zone, the one `valid` is shown in. */
  timeZone: string;
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
  /** The event's classes, in order, for a team the code makes (as the registration form's). */
  classes: { id: string; name: string }[];
  /** A team the code makes must choose one of `classes` (regclassrequired). */
  classRequired: boolean;
}

/**
 * POST /api/join: use a code. `teamName` names a new team (default: the user's name); `klassid`
 * is the new team's class, one of the event's (none when null or left out).
 */
export const UseJoinCodeBody = z
  .object({
    code: JoinCodeText,
    teamName: z.string().trim().min(1).max(200).optional(),
    klassid: z.string().min(1).max(100).nullable().optional(),
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
