export * from './standings.ts';
export * from './cupFile.ts';
export * from './api.ts';
export * from './cupIof.ts';
