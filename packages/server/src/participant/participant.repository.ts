import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Placeholder: filled in by this feature's work. */
export function participantRepository(db: Kysely<Database>) {
  void db;
  return {};
}
