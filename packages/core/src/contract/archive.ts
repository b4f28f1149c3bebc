import type { Declarations } from './route.ts';

/** Archiving events and the jobs that do it (spec 02). */
export const archiveContract = {} as const satisfies Declarations<never>;
