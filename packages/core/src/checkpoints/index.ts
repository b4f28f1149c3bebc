export * from './types.ts';
export * from './display.ts';
export * from './plan.ts';
