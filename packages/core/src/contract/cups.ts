import type { Declarations } from './route.ts';

/** Series (cups) and their standings (spec 02, 05). */
export const cupsContract = {} as const satisfies Declarations<never>;
