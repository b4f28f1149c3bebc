export * from './limits.ts';
export * from './errors.ts';
export * from './shortlink.ts';
export * from './eventTimes.ts';
export * from './settings.ts';
export * from './eventFile.ts';
export * from './realtime.ts';
export * from './api.ts';
