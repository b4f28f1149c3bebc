export * from './types.ts';
export * from './codec.ts';
