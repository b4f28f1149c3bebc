export * from './mapConfig.ts';
export * from './wmts.ts';
export * from './api.ts';
