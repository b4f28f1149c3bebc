import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, six projects: `npm test` runs core, server and web, then timing; `npm run test:e2e`
// runs e2e; `npm run fuzz` runs fuzz.
//
// Most unit test files wait on a database or a socket, so they run on every core (Vitest's default
// leaves one idle: one worker on a 2-core machine, where the suite then took half as long again).
// The few that measure how fast a server answers while it works (event-loop latency, answers that
// must not wait for a send, a point crossing two server processes) run afterwards, one at a time, so that no other test shares their core.
const WORKERS = Math.max(2, availableParallelism() - 1);
const TIMING = [
  'packages/server/src/http/bodyCpu.test.ts',
  'packages/server/src/auth/deliveries.test.ts',
  'packages/server/src/cluster/twoServers.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], maxWorkers: WORKERS } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: TIMING,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/test/setup.ts'],
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'timing',
          include: TIMING,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // `npm run fuzz`: the property/fuzz suite (*.fuzz.test.ts) with FUZZ_RUNS=100000; `npm test`
        // runs the same files in core and server with the default of 2000 (docs/security.md).
        test: {
          name: 'fuzz',
          include: ['packages/*/src/**/*.fuzz.test.ts'],
          testTimeout: 3_600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
