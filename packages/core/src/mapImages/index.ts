export * from './types.ts';
export * from './api.ts';
export * from './tileGrids.ts';
