import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './specs/support/e2e-workers.js';
import { SlowFirstSequencer } from './specs/support/slow-first-sequencer.js';

/** One project per test layer (TESTING.md); `npm test` runs them through scripts/test.ts. */
export default defineConfig({
  test: {
    // The slowest files start first, so the two workers finish together (slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'machines',
          include: ['specs/machines/**/*.spec.ts'],
          environment: 'node',
          isolate: false,
          // Generating a large machine's paths is seconds of CPU, longer while other steps run beside it.
          testTimeout: 30_000,
        },
      },
      { test: { name: 'boundaries', include: ['specs/boundaries.spec.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['specs/server/**/*.spec.ts'],
          environment: 'node',
          // Cluster-wide objects (the app role) are made once here, before the files run in parallel.
          globalSetup: ['specs/support/server-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // The files of a worker share its module cache: the app's modules load once per worker
          // instead of once per file (most of a file's time). Each file still builds its own app on
          // its own database; a file that replaces a global puts it back (docs/testing.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['specs/web/**/*.spec.tsx'],
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['specs/support/web-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['specs/e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // Two files at a time, each with its worker's shared server and its own Chromium: most of
          // a browser test's time is one process waiting on another, so two share the two cores well.
          fileParallelism: true,
          maxWorkers: E2E_WORKERS,
          globalSetup: ['specs/support/e2e-global-setup.ts'],
        },
      },
    ],
  },
});
