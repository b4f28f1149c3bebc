import type { Kysely } from 'kysely';

/**
 * Issue 38: a device's last stored point (JSON of the point as the codec stored it) beside its
 * `last_t`, so the next batch's first distance needs neither the device's last chunk read and
 * decoded nor a cache in the one server that stored it (with several servers, a device's
 * batches land on any of them). Devices that sent before have none; their next batch reads the
 * chunk once, as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('last_point', 'text').execute();
}
