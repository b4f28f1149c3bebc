export * from './types.ts';
export * from './schemas.ts';
export * from './codec.ts';
export * from './gpx.ts';
export * from './stats.ts';
export * from './validate.ts';
