import type { Declarations } from './route.ts';

/** The platform: public configuration, health and readiness. */
export const platformContract = {} as const satisfies Declarations<never>;
