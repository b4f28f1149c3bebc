import type { Declarations } from './route.ts';

/** Results, responses, splits and start lists. */
export const resultsContract = {} as const satisfies Declarations<never>;
