import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One module graph per worker, not per file: each integration file used to import the whole
    // server again (about 2 s a file) and each client file a fresh jsdom. Every file builds its own
    // app, database and DOM cleanup in its hooks, so nothing leaks between files (decision 064).
    isolate: false,
    // Every core: vitest's default leaves one for itself, which on a 2-core machine ran the whole
    // suite on one worker. Its main process mostly waits; each worker's PGlite is what works (decision 070).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'client/**/*.test.{ts,tsx}',
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          setupFiles: ['client/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/**/*.integration.test.ts'],
          // Migrates once into a template each file's database is copied from (decision 030).
          globalSetup: ['server/test/db-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
