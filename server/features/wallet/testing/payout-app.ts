import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { modules } from '#server/modules';
import { walletModule } from '../index';
import { createTestPayoutGateway, type PayoutGateway, type TransferOutcome } from '../payout-gateway';
import { createPayouts } from '../payouts.service';
import { runChildApp } from './child-app';

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
  const booked = async (reference: string) =>
    (
      await db.execute<{ outcome: TransferOutcome }>(
        sql`select outcome from test_transfers where reference = ${reference} limit 1`,
      )
    ).rows[0]?.outcome;
  return {
    ...gateway,
    status: booked,
    async transfer(t) {
      await db.execute(sql`insert into test_transfer_calls (reference, pid) values (${t.reference}, ${process.pid})`);
      let outcome = await booked(t.reference);
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

await runChildApp({
  url,
  aheadMs: clockMode === 'ahead' ? AHEAD_MS : null,
  modules: modules.map((m) => (m === walletModule ? wallet : m)),
});
