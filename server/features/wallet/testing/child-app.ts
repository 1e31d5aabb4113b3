import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TestClock } from 'pg-boss';
import { buildPlatform, type BuildOptions } from '#server/app';
import { loadConfig } from '#server/env';

/**
 * The app as a process of its own for the kill -9 tests (payout-app.ts, release-app.ts): the
 * given modules with the job worker, on the test's PostgreSQL database, listening on a spare
 * port. With `aheadMs` its clock starts that far ahead of the wall clock and runs about a hundred
 * times faster, so jobs due later (a release 14 days on) or attempts a killed app held (timed out
 * after minutes) come due in seconds. Prints `ready` once it takes jobs; SIGTERM closes it.
 */
export async function runChildApp(opts: { url: string; aheadMs: number | null; modules: BuildOptions['modules'] }) {
  const clock = opts.aheadMs === null ? undefined : new TestClock(Date.now() + opts.aheadMs);
  let running = true;
  const ticking = (async () => {
    while (clock && running) {
      await clock.tick(1_000);
      await sleep(10);
    }
  })();

  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: opts.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'blet-child-app-')),
      LOG_LEVEL: 'silent',
      JOBS_WORKER: 'true',
    }),
    clientDir: undefined,
  };
  const { app } = await buildPlatform({
    config,
    logger: false,
    modules: opts.modules,
    ...(clock ? { jobsClock: clock, now: () => new Date(clock.now()) } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    running = false;
    void ticking.then(() => app.close()).then(() => process.exit(0));
  });
}
