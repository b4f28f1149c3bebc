import { z } from 'zod';
import { SHORTLINK_MAX_LENGTH } from '../limits.ts';
import type { CreatorRecord, UserRecord } from '../api.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const UserRecordSchema = z
  .object({
    uid: z.string(),
    displayName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
  })
  .meta({ id: 'UserRecord' }) satisfies z.ZodType<UserRecord>;

const UidParams = z.object({ uid: z.string().min(1).max(100).describe("The user's id") });

/** The user directory and the creators' list (spec 02 §2). */
export const usersContract = {
  users: {
    summary: 'Finds users by name or email, or reads some by id',
    description:
      'With `uids` (comma-separated ids) the users of those ids; else those whose name or email ' +
      'holds `s`. `eventId` scopes the search to that event’s admin picker.',
    access: 'Creators and super admins; an event’s admins for its admin picker',
    query: z.object({
      s: z.string().max(200).optional().describe('Text in the name or email'),
      uids: z.string().max(5000).optional().describe('Comma-separated user ids'),
      eventId: z.string().min(1).max(SHORTLINK_MAX_LENGTH).optional(),
    }),
    answer: z.array(UserRecordSchema),
    errors: { 400: ['error.validation'], ...CALLER_ERRORS },
  },
  creators: {
    summary: 'The users who may create events',
    access: 'Super admins',
    answer: z.array(
      z.object({
        uid: z.string(),
        email: z.string(),
        displayName: z.string(),
        grantedAt: z.number(),
      }) satisfies z.ZodType<CreatorRecord>,
    ),
    errors: CALLER_ERRORS,
  },
  grantCreator: {
    summary: 'Lets a user create events',
    access: 'Super admins',
    params: UidParams,
    answer: null,
    errors: { ...CALLER_ERRORS, 404: ['admins.error.unknownuser'] },
  },
  revokeCreator: {
    summary: 'Stops a user from creating events',
    access: 'Super admins',
    params: UidParams,
    answer: null,
    errors: CALLER_ERRORS,
  },
} as const satisfies Declarations<'users' | 'creators' | 'grantCreator' | 'revokeCreator'>;
