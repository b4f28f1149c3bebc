import type { Declarations } from './route.ts';

/** Join codes and joining an event by one. */
export const joinCodesContract = {} as const satisfies Declarations<never>;
