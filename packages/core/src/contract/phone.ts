import type { Declarations } from './route.ts';

/** Sign-in and account changes by phone code. */
export const phoneContract = {} as const satisfies Declarations<never>;
