import type { Declarations } from './route.ts';

/** Messages to teams and their devices. */
export const messagesContract = {} as const satisfies Declarations<never>;
