import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { buildPlatform } from '#server/app';
import type { Db } from '#server/db/client';
import { loadConfig } from '#server/env';
import { modules } from '#server/modules';
import { walletModule } from '../index';
import { createTestPayoutGateway, type PayoutGateway } from '../payout-gateway';
import { createPayouts } from '../payouts.service';

/**
 * The app as a process of its own, for the kill -9 test of payouts (payouts-kill.integration.test.ts):
 * `tsx payout-app.ts <postgres url> <now|ahead> <bank delay ms>`. Its payouts go through the test
 * gateway behind a fake bank that keeps books in the test's tables (`test_transfers`: one row per
 * transfer it made; `test_transfer_calls`: every call) and answers a reference it has seen with
 * what it answered then, as a real gateway's transfer reference does. Each transfer takes the
 * delay, so a kill lands between the bank's send and the app's settlement. With `ahead` its clock
 * starts 16 minutes ahead and runs a hundred times faster: the attempts a killed app held time
 * out (15 minutes) and their retries come due in seconds. Prints `ready` once it takes jobs.
 */
const [url, clockMode, delay] = process.argv.slice(2) as [string, 'now' | 'ahead', string];
const AHEAD_MS = 16 * 60_000;

function fakeBank(db: Db, bankDelayMs: number): PayoutGateway {
  const gateway = createTestPayoutGateway();
  return {
    ...gateway,
    async transfer(t) {
      await db.execute(sql`insert into test_transfer_calls (reference, pid) values (${t.reference}, ${process.pid})`);
      const { rows } = await db.execute<{ outcome: Awaited<ReturnType<PayoutGateway['transfer']>> }>(
        sql`select outcome from test_transfers where reference = ${t.reference} limit 1`,
      );
      let outcome = rows[0]?.outcome;
      if (!outcome) {
        outcome = await gateway.transfer(t);
        await db.execute(sql`
          insert into test_transfers (reference, amount_minor, account_number, outcome, pid)
          values (${t.reference}, ${t.amountMinor}, ${t.accountNumber}, ${JSON.stringify(outcome)}::jsonb, ${process.pid})`);
      }
      await sleep(bankDelayMs);
      return outcome;
    },
  };
}

// The wallet as index.ts builds it, its payouts going through the fake bank.
const wallet: typeof walletModule = {
  ...walletModule,
  async build(p, deps) {
    const built = await walletModule.build(p, deps);
    return {
      ...built,
      payouts: createPayouts({
        db: p.db,
        accounts: deps.accounts,
        notifications: deps.notifications,
        realtime: p.realtime,
        jobs: p.queue,
        gateway: fakeBank(p.db, Number(delay)),
        enabled: true,
        appUrl: p.config.appUrl,
        log: p.log,
        now: p.now,
      }),
    };
  },
};

const clock = clockMode === 'ahead' ? new TestClock(Date.now() + AHEAD_MS) : undefined;
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
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'blet-payout-app-')),
    LOG_LEVEL: 'silent',
    JOBS_WORKER: 'true',
  }),
  clientDir: undefined,
};
const { app } = await buildPlatform({
  config,
  logger: false,
  modules: modules.map((m) => (m === walletModule ? wallet : m)),
  ...(clock ? { jobsClock: clock, now: () => new Date(clock.now()) } : {}),
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  running = false;
  void ticking.then(() => app.close()).then(() => process.exit(0));
});
