import type { Declarations } from './route.ts';

/** Events: the list, creation, settings, admins and export (spec 01). */
export const eventsContract = {} as const satisfies Declarations<never>;
