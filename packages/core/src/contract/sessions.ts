import { z } from 'zod';
import { ChangePasswordBody } from '../sessions.ts';
import type { SessionsAnswer, SessionView } from '../sessions.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const SessionViewSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['browser', 'token']),
    name: z.string().nullable().describe("The token's name; null for browser sessions"),
    createdAt: z.number(),
    lastUsedAt: z.number(),
    expiresAt: z.number().nullable(),
    expired: z.boolean(),
    userAgent: z.string().nullable(),
    current: z.boolean().describe('The session or token this very request came with'),
  })
  .meta({ id: 'SessionView' }) satisfies z.ZodType<SessionView>;

const IdParams = z.object({ id: z.string().min(1).max(64) });
const BROWSER = 'Signed in by a browser session (403 for a token)';

/** The account page: own sessions and tokens, and the password (docs/sign-in.md). */
export const sessionsContract = {
  sessions: {
    summary: "The caller's browser sessions and tokens",
    access: BROWSER,
    answer: z.object({ sessions: z.array(SessionViewSchema) }) satisfies z.ZodType<SessionsAnswer>,
    errors: CALLER_ERRORS,
  },
  revokeSession: {
    summary: 'Ends one of the caller’s sessions or tokens',
    description: 'The cookie is cleared when it is the session in use.',
    access: BROWSER,
    params: IdParams,
    answer: null,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS, 404: ['error.notfound'] },
  },
  renewToken: {
    summary: 'Renews one of the caller’s tokens for 90 days from now',
    access: BROWSER,
    params: IdParams,
    answer: SessionViewSchema,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS, 404: ['error.notfound'] },
  },
  changePassword: {
    summary: "Changes the caller's password; the account's other browser sessions end",
    access: `${BROWSER}; rate limited`,
    body: ChangePasswordBody,
    answer: null,
    errors: {
      400: ['error.validation', 'auth.error.wrongpassword'],
      ...CALLER_ERRORS,
      429: ['error.toomany'],
    },
  },
} as const satisfies Declarations<'sessions' | 'revokeSession' | 'renewToken' | 'changePassword'>;
