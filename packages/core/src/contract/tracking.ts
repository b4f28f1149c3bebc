import type { Declarations } from './route.ts';

/** Devices, tracking links, the Traccar feed and uploads. */
export const trackingContract = {} as const satisfies Declarations<never>;
