export * from './mapConfig.ts';
export * from './speedColour.ts';
export * from './wmts.ts';
export * from './api.ts';
export * from './lest97.ts';
