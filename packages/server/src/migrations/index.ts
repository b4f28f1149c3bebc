import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.ts';

/** Every migration, in order. One set for every dialect. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
