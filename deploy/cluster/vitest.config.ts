import { defineConfig } from 'vitest/config';

/** `npm run test:cluster` (issue 28, item 7): one file, its own processes, never part of `npm test`. */
export default defineConfig({
  test: {
    include: ['deploy/cluster/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
