import { defineConfig } from 'vitest/config';

/**
 * Test files that assert how long something took (a rate within ±5 %, a cut-off after 2 s, an
 * answer within 1 s): they run on their own, one file at a time, after the others, which run two
 * files at a time (`npm test`). On 2 cores the parallel part takes about two thirds of the time
 * the whole suite took file by file; these files, run beside another file's node processes, missed
 * their bounds.
 */
const TIMED = [
  'test/e2e/gateway.e2e.test.ts',
  'test/gateway/server.integration.test.ts',
  'test/gateway/robustness.integration.test.ts',
  'test/api/rpc/rpc-server.int.test.ts',
  'test/sim/sweep/queue.unit.test.ts',
  'test/sim/sweep/queue.int.test.ts',
  'test/events/write-behind.int.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'parallel', include: ['test/**/*.test.ts', 'property-tests/**/*.test.ts', 'src/**/*.test.ts'], exclude: TIMED } },
      { extends: true, test: { name: 'timed', include: TIMED } },
    ],
  },
});
