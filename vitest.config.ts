import { defineConfig } from 'vitest/config';

// One runner, five projects: `npm test` runs core, server and web; `npm run test:e2e` runs e2e;
// `npm run fuzz` runs fuzz.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/test/setup.ts'],
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
