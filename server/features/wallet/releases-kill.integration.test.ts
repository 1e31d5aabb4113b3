import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { AUTO_RELEASE_AFTER_MS } from '#shared/talent/escrow.schemas';
import { buildUser, createHarness, onPostgres, type Harness } from '#server/test/harness';
import { notifications } from '#server/features/notifications/notifications.table';
import { gigMilestones } from '#server/features/talent/escrow.table';
import { gigEvents } from '#server/features/talent/talent.table';
import { bidInput, gigInput } from '#server/features/talent/testing/gig-fixtures';
import { ledgerRepo } from './ledger.repo';
import { childApps, until } from './testing/child-processes';
import { ledgerAccounts, ledgerPostings } from './ledger.table';

/**
 * kill -9 of the app during escrow releases (issue 27): 24 delivered gigs, each with two funded
 * milestones, wait for their 14-day release; the app process (testing/release-app.ts, the app
 * with its job worker, its clock past the 14 days, each release slowed inside its transaction
 * and after its commit) is killed with SIGKILL while the release jobs run, then started again.
 * Afterwards each milestone was released exactly once: one posting, one gig transition, one
 * notice, and the posters' held, the talents' available and the platform's fees add up.
 */
describe.skipIf(!onPostgres)('escrow releases when the app is killed with -9', () => {
  let h: Harness;
  const apps = childApps();
  const GIGS = 24;
  const POSTERS = 3;
  const TALENTS = 6;
  /** Two milestones a gig, in odd kobo, so that their fees round. */
  const PARTS = [1_234_567, 2_345_679];
  const MINUTE = 60_000;

  const db = () => h.app.database.db;
  const number = async (q: ReturnType<typeof sql>) => Number((await db().execute<{ n: number }>(q)).rows[0]!.n);
  const fee = (amount: number) => Math.round((amount * h.config.payments.feePercent) / 100);

  const startApp = (aheadMs: number, slowMs: number): Promise<ChildProcess> =>
    apps.start('server/features/wallet/testing/release-app.ts', [h.app.database.url!, String(aheadMs), String(slowMs)]);

  async function platformFees(): Promise<number> {
    const [row] = await db()
      .select({ balance: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(and(isNull(ledgerAccounts.ownerId), eq(ledgerAccounts.kind, 'platform_fees')));
    return Number(row?.balance ?? 0);
  }

  /** A gig of `poster` with `talent` hired, split in PARTS, each funded through the test gateway, then delivered. */
  async function deliveredGig(poster: TUser, talent: TUser): Promise<string> {
    const { gigs, payments } = h.services;
    const gig = await gigs.create(poster, gigInput());
    const bid = await gigs.bid(talent, gig.id, bidInput({ amount: PARTS[0]! + PARTS[1]! }));
    await gigs.acceptBid(poster, bid.id);
    const milestones = PARTS.map((amountMinor, i) => ({ title: `Part ${i + 1}`, amountMinor }));
    const planned = await gigs.escrow.plan(poster, gig.id, { milestones });
    for (const m of planned.milestones!) {
      const { sessionId } = await gigs.escrow.checkout(poster, m.id);
      await payments.testCheckout!.pay(poster, sessionId);
    }
    await gigs.deliver(talent, gig.id, 'Both parts, as agreed.');
    return gig.id;
  }

  beforeAll(async () => {
    h = await createHarness();
  }, 60_000);

  afterAll(async () => {
    await apps.stopAll();
    await h?.close();
  });

  it('releases every milestone exactly once: one posting each, and held, available and fees add up', async () => {
    const present = async (role: 'general' | 'talent') => h.services.accounts.present(await buildUser(h, { role }));
    const posters: TUser[] = [];
    const talents: TUser[] = [];
    for (let i = 0; i < POSTERS; i++) posters.push(await present('general'));
    for (let i = 0; i < TALENTS; i++) talents.push(await present('talent'));
    for (let i = 0; i < GIGS; i++) await deliveredGig(posters[i % POSTERS]!, talents[i % TALENTS]!);
    const feesBefore = await platformFees();
    const released = () => number(sql`select count(*) as n from ${gigMilestones} where status = 'released'`);
    const jobs = (states: string) =>
      number(
        sql`select count(*) as n from pgboss.job where name = 'talent.auto-complete' and state in (${sql.raw(states)})`,
      );

    // Its clock a minute past the 14 days: the release jobs are due, five at a time, each slow.
    const first = await startApp(AUTO_RELEASE_AFTER_MS + MINUTE, 400);
    await until(async () => (await released()) >= (2 * GIGS) / 3, 'a third of the milestones released');
    first.kill('SIGKILL');
    await once(first, 'exit');
    // The kill was mid-batch: some released, not all, and release jobs the dead app still held.
    const left = 2 * GIGS - (await released());
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(2 * GIGS);
    expect(await jobs(`'active'`)).toBeGreaterThan(0);

    // Two hours further on, the dead app's attempts have timed out (15 minutes) and are retried.
    const second = await startApp(AUTO_RELEASE_AFTER_MS + 120 * MINUTE, 0);
    await until(
      async () => (await released()) === 2 * GIGS && (await jobs(`'created', 'retry', 'active'`)) === 0,
      'every milestone released and every release job done after the restart',
    );
    await apps.stop(second);

    // Each milestone released whole, once: one posting, one timed transition and one notice per gig.
    const milestones = await db().select().from(gigMilestones);
    expect(milestones).toHaveLength(2 * GIGS);
    for (const m of milestones) expect(m).toMatchObject({ status: 'released', releasedMinor: m.amountMinor });
    const postings = (
      await db().execute<{ source: string; n: number }>(sql`
        select source, count(*)::int as n from ${ledgerPostings} where kind = 'milestone_release' group by source`)
    ).rows;
    expect(postings.map((p) => p.source).sort()).toEqual(milestones.map((m) => `milestone:${m.id}`).sort());
    expect(postings.every((p) => p.n === 1)).toBe(true);
    const transitions = await db().select().from(gigEvents).where(eq(gigEvents.transition, 'auto_release'));
    expect(transitions).toHaveLength(GIGS);
    expect(new Set(transitions.map((t) => t.gigId)).size).toBe(GIGS);
    const notices = await db().select().from(notifications).where(eq(notifications.title, 'Payment released'));
    expect(notices).toHaveLength(GIGS);

    // The money: posters hold nothing, each talent has its gigs less the fees, the platform the fees.
    const net = PARTS.reduce((s, a) => s + a - fee(a), 0);
    const gigsEach = GIGS / TALENTS;
    for (const poster of posters)
      expect(await h.services.wallet.wallet(poster.id)).toMatchObject({ heldMinor: 0, availableMinor: 0 });
    for (const talent of talents)
      expect(await h.services.wallet.wallet(talent.id)).toMatchObject({ availableMinor: gigsEach * net, heldMinor: 0 });
    expect((await platformFees()) - feesBefore).toBe(GIGS * PARTS.reduce((s, a) => s + fee(a), 0));
    expect(await ledgerRepo.drift(db())).toEqual([]);
    expect(await ledgerRepo.unbalanced(db())).toEqual([]);
  }, 480_000);
});
