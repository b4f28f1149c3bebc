/** Test helpers (`@rada/core/testing`): the fuzz suite's, and fixtures; nothing in the product imports them. */
export * from './fuzz.ts';
export * from './participantBodies.ts';
export * from './teamEntry.ts';
export * from './wmtsFixture.ts';
/** The project's CSV reader, for tests that read back what a spreadsheet saved. */
export { readCsv } from '../checkpoints/csvText.ts';
