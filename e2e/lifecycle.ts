import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startPlatform } from './support.ts';
import type { TestPlatform } from './support.ts';
import type { ServerConfig } from '../packages/server/src/config.ts';

/**
 * Starts a fresh platform and a browser before the enclosing describe block's tests and stops
 * both after them. Read `platform` and `browser` inside the tests, once they have started.
 */
export function usePlatform(overrides: () => Partial<ServerConfig> = () => ({})): {
  readonly platform: TestPlatform;
  readonly browser: Browser;
} {
  const env = {} as { platform: TestPlatform; browser: Browser };
  beforeAll(async () => {
    env.platform = await startPlatform(overrides());
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.platform?.close();
  });
  return env;
}
