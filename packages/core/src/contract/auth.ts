import type { Declarations } from './route.ts';

/** Sign-in, sign-up, guests, the account, email links, password reset and Google One Tap. */
export const authContract = {} as const satisfies Declarations<never>;
