import type { Declarations } from './route.ts';

/** The event's map images and the user's map library (issue 37). */
export const mapImagesContract = {} as const satisfies Declarations<never>;
