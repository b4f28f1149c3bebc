import type { Declarations } from './route.ts';

/** The participant app: own teams, the event's play view, marks, start and finish. */
export const participantContract = {} as const satisfies Declarations<never>;
