import type { Declarations } from './route.ts';

/** Checkpoints (KP), their import, renumbering, deleted store and print items. */
export const checkpointsContract = {} as const satisfies Declarations<never>;
