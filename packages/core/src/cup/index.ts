export * from './standings.ts';
export * from './cupFile.ts';
