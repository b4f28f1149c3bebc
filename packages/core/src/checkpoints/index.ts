export * from './types.ts';
export * from './display.ts';
