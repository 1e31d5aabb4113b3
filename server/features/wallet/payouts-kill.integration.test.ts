import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { buildUser, createHarness, onPostgres, PASSWORD, type Harness } from '#server/test/harness';
import { ledgerRepo } from './ledger.repo';
import { childApps, until } from './testing/child-processes';
import { ledgerAccounts, ledgerPostings } from './ledger.table';
import { post } from './ledger';
import { payouts } from './payouts.table';

/**
 * kill -9 of the app during a payout batch (issue 27): 40 payouts queued, the app process
 * (testing/payout-app.ts, the app with its job worker, paying through a fake bank that keeps
 * books) killed with SIGKILL while transfers are on their way, then started again. Afterwards
 * the ledger and the bank agree: every payout sent once and settled once, nothing left in
 * flight, every balance equal to its lines. Real processes on one PostgreSQL database, so the
 * waits are bounded loops on the database, seconds long.
 */
describe.skipIf(!onPostgres)('a payout batch when the app is killed with -9', () => {
  let h: Harness;
  const apps = childApps();
  const EARNERS = 8;
  const EACH = 5;
  const CREDIT = 5_000_000;

  const db = () => h.app.database.db;
  const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await db().execute<T>(q)).rows;
  const number = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(q))[0]!.n);

  const startApp = (clock: 'now' | 'ahead', bankDelayMs: number): Promise<ChildProcess> =>
    apps.start('server/features/wallet/testing/payout-app.ts', [h.app.database.url!, clock, String(bankDelayMs)]);

  /** A member with CREDIT available (an adjustment from the platform's fees) and a payout account. */
  async function earner(accountNumber: string): Promise<TUser> {
    const user = await h.services.accounts.present(await buildUser(h));
    await post(db(), {
      kind: 'adjustment',
      source: `test:${user.id}`,
      subject: `test:${user.id}`,
      description: 'Earnings for the test',
      currency: 'NGN',
      at: h.clock.now,
      lines: [
        { ownerId: null, account: 'platform_fees', amountMinor: -CREDIT },
        { ownerId: user.id, account: 'available', amountMinor: CREDIT },
      ],
    });
    await h.services.payouts.setAccount(user, { bankCode: '058', accountNumber, password: PASSWORD });
    return user;
  }

  beforeAll(async () => {
    h = await createHarness();
    await db().execute(sql`create table test_transfer_calls (reference uuid not null, pid int not null)`);
    await db().execute(sql`
      create table test_transfers (reference uuid not null, amount_minor int not null, account_number text not null,
                                   outcome jsonb not null, pid int not null)`);
  }, 60_000);

  afterAll(async () => {
    await apps.stopAll();
    await h?.close();
  });

  it('loses and doubles nothing: every payout sent once and settled once, the ledger equal to the bank', async () => {
    // Two earners' banks refuse transfers (numbers ending 0000): their payouts fail and come back.
    const earners: TUser[] = [];
    for (let i = 0; i < EARNERS; i++) earners.push(await earner(i < 2 ? '0123450000' : '0123456789'));
    // In turns, so each batch the app takes holds payouts the bank pays and payouts it refuses.
    for (let n = 1; n <= EACH; n++)
      for (const user of earners) await h.services.payouts.request(user, { amountMinor: 100_000 * n });
    const total = EARNERS * EACH;
    const sent = () => number(sql`select count(*) as n from test_transfers`);
    const unsettled = () => number(sql`select count(*) as n from payouts where status in ('pending', 'processing')`);

    // A slow bank (a second a transfer, five at a time): the kill lands while transfers are out.
    const first = await startApp('now', 1_000);
    await until(async () => (await sent()) >= 10, 'ten transfers sent');
    first.kill('SIGKILL');
    await once(first, 'exit');
    const left = await unsettled();
    const sentNotSettled = await number(sql`
      select count(*) as n from test_transfers t join payouts p on p.id = t.reference
      where p.status in ('pending', 'processing')`);
    // The kill was mid-batch, with at least one transfer made whose payout the dead app never settled.
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(total);
    expect(sentNotSettled).toBeGreaterThan(0);

    const second = await startApp('ahead', 20);
    await until(async () => (await unsettled()) === 0, 'every payout settled after the restart');
    await apps.stop(second);

    const all = await db().select().from(payouts);
    expect(all).toHaveLength(total);
    // The bank made one transfer per payout, of the amount less the fee, with the outcome the ledger settled on.
    const bank = await rows<{
      reference: string;
      amount_minor: number;
      account_number: string;
      outcome: { status: string; reason?: string };
    }>(sql`select reference, amount_minor, account_number, outcome from test_transfers`);
    expect(bank).toHaveLength(total);
    expect(new Set(bank.map((b) => b.reference)).size).toBe(total);
    for (const p of all) {
      const b = bank.find((x) => x.reference === p.id)!;
      expect(b).toMatchObject({ amount_minor: p.amountMinor - p.feeMinor, account_number: p.accountNumber });
      expect(b.outcome.status).toBe(p.status);
      if (p.status === 'failed') expect(p.failureReason).toBe(b.outcome.reason);
    }
    expect(all.filter((p) => p.status === 'failed')).toHaveLength(2 * EACH);
    // Asked again after the restart, the bank answered from its books rather than sending twice.
    expect(await number(sql`select count(*) as n from test_transfer_calls`)).toBeGreaterThan(total);

    // The ledger: each payout moved out once and settled once, nothing in flight, balances equal to lines.
    const postings = await rows<{ source: string; kind: string; n: number }>(sql`
      select source, kind, count(*)::int as n from ${ledgerPostings}
      where source like 'payout:%' group by source, kind`);
    for (const p of all) {
      const mine = postings.filter((x) => x.source === `payout:${p.id}`);
      expect(mine.map((x) => `${x.kind} ${x.n}`).sort()).toEqual([
        'payout 1',
        p.status === 'paid' ? 'payout_paid 1' : 'payout_failed 1',
      ]);
    }
    const [inFlight] = await db()
      .select({ balance: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(and(isNull(ledgerAccounts.ownerId), eq(ledgerAccounts.kind, 'payouts_in_flight')));
    expect(Number(inFlight!.balance)).toBe(0);
    expect(await ledgerRepo.drift(db())).toEqual([]);
    expect(await ledgerRepo.unbalanced(db())).toEqual([]);
    for (const user of earners) {
      const paid = all
        .filter((p) => p.userId === user.id && p.status === 'paid')
        .reduce((s, p) => s + p.amountMinor, 0);
      expect(await h.services.wallet.wallet(user.id)).toMatchObject({
        availableMinor: CREDIT - paid,
        paidOutMinor: paid,
      });
    }
  }, 480_000);
});
