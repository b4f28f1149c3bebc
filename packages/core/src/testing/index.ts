/** Test helpers of the fuzz suite (`@rada/core/testing`); nothing in the product imports them. */
export * from './fuzz.ts';
export * from './participantBodies.ts';
