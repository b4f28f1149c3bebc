import type { Declarations } from './route.ts';

/** The event's map layers and WMTS capabilities. */
export const mapsContract = {} as const satisfies Declarations<never>;
