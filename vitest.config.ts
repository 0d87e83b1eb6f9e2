import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Limits, not waits: a test waits for its condition, and on a loaded machine (CI's, a newcomer's)
    // that can take many times as long as on a quiet one.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Vitest's default leaves a core to its main process (one worker on a two-core machine), which
    // only waits: the work is in the workers (an API file's PGlite runs in its worker), so every core
    // gets one. The API suite took 789 s on one worker here, 335 s on two. (One setting for all
    // projects: Vitest refuses projects that differ in it without their own group order.)
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] },
      },
      {
        // The web app's logic, hooks and HTTP client in a DOM (happy-dom); its screens are covered by
        // Playwright in a real browser. See docs/decisions/0015-web-testing.md.
        extends: true,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test-setup.ts'],
          clearMocks: true,
          restoreMocks: true,
          unstubGlobals: true,
        },
      },
      {
        extends: true,
        test: { name: 'scripts', root: 'scripts', include: ['*.test.mjs'] },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          exclude: ['src/reliability/**'],
          // Each worker seeds a template database that its files copy (src/test/helpers.ts).
          globalSetup: ['src/test/global-setup.ts'],
          // On PostgreSQL, a statement sent on a connection still running another fails its test.
          setupFiles: ['src/test/one-statement-at-a-time.ts'],
          testTimeout: 120_000,
          // A file's database: migrated and seeded, which a loaded machine can take minutes over.
          hookTimeout: 300_000,
        },
      },
      {
        // `npm run test:reliability`: load, faults (killed processes, a database and Redis going
        // away), fuzzing and the authorization matrix, against real server processes. One file at a
        // time: they load the machine on purpose.
        extends: true,
        test: {
          name: 'reliability',
          root: 'apps/api',
          include: ['src/reliability/**/*.test.ts'],
          fileParallelism: false,
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 600000,
          hookTimeout: 300000,
        },
      },
    ],
  },
});
