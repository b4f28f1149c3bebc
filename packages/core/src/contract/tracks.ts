import type { Declarations } from './route.ts';

/** Track points: ingest, binary points, GPX. */
export const tracksContract = {} as const satisfies Declarations<never>;
