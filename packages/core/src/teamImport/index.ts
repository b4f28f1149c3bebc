export * from './types.ts';
export * from './iofEntries.ts';
export * from './plan.ts';
