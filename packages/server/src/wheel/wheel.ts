import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { wheelRepository } from './wheel.repository.ts';
import { wheelService } from './wheel.service.ts';
import { wheelOfNamesClient } from './wheelOfNames.client.ts';

/** The wheel service wired to the database and the configured wheelofnames.com account. */
export function makeWheelService(deps: {
  db: Kysely<Database>;
  store: Store;
  config: ServerConfig;
  now: () => number;
  log: (obj: object, msg: string) => void;
}) {
  const { apiKey, url } = deps.config.wheelOfNames;
  return wheelService({
    store: deps.store,
    wheels: wheelRepository(deps.db),
    now: deps.now,
    external: apiKey === null ? null : wheelOfNamesClient(url, apiKey),
    externalSite: siteOf(url),
    log: deps.log,
  });
}

/** The service's web address from its API address (https://wheelofnames.com/api/v1 → …com). */
function siteOf(apiUrl: string): string {
  try {
    return new URL(apiUrl).origin;
  } catch {
    return 'https://wheelofnames.com';
  }
}
