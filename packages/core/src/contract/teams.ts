import type { Declarations } from './route.ts';

/** Teams: the organiser's list, answers, start times, import and deleted teams. */
export const teamsContract = {} as const satisfies Declarations<never>;
