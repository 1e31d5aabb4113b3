import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, createHarness, login, type Harness } from '#server/test/harness';
import { as, actor, type Actor } from '../courses/testing/course-fixtures';
import { payments } from '../payments/payments.table';
import { buy, PRICE, sale } from '../payments/testing/payment-fixtures';
import { ledgerRepo } from './ledger.repo';
import { post } from './ledger';
import { payoutCalls } from './testing/payout-fixtures';
import { sendPayoutJob } from './wallet.queue';

/**
 * The wallet (issue 27, first part): a course sale credits the tutor's pending earnings less the
 * platform fee, the refund window's close makes them available, a refund inside it takes them
 * back, and nothing posts twice. The ledger is held to its lines after every test.
 */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());
afterEach(async () => {
  h.clock.reset();
  const db = h.app.database.db;
  expect(await ledgerRepo.unbalanced(db)).toEqual([]);
  expect(await ledgerRepo.drift(db)).toEqual([]);
});

const DAY = 86_400_000;
const FEE = Math.round(PRICE * 0.1);
const wallet = async (who: Actor) => (await as(h, who)('GET', '/api/wallet')).json();
const entries = async (who: Actor) => (await as(h, who)('GET', '/api/wallet/entries?page=1')).json();
const relogin = async (who: Actor) => {
  who.cookie = await login(h, who.user.username);
};

describe('GET /api/wallet', () => {
  it('answers 401 to a visitor and an empty wallet to a new member', async () => {
    expect((await as(h, null)('GET', '/api/wallet')).statusCode).toBe(401);
    expect((await as(h, null)('GET', '/api/wallet/entries')).statusCode).toBe(401);
    const member = await actor(h);
    expect(await wallet(member)).toEqual({
      currency: 'NGN',
      availableMinor: 0,
      pendingMinor: 0,
      heldMinor: 0,
      paidOutMinor: 0,
      owedMinor: 0,
    });
    expect(await entries(member)).toEqual({ entries: [], total: 0, page: 1, pageSize: 20 });
    expect((await as(h, member)('GET', '/api/wallet/entries?page=0')).statusCode).toBe(400);
  });
});

describe('a course sale', () => {
  it('is pending less the fee, then available once the 7-day window closes; the sweep clears once', async () => {
    const s = await sale(h, admin);
    const { paymentId } = await buy(h, s);
    expect(await wallet(s.tutor)).toMatchObject({ pendingMinor: PRICE - FEE, availableMinor: 0 });
    const [line] = (await entries(s.tutor)).entries;
    expect(line).toMatchObject({ kind: 'sale', bucket: 'pending', amountMinor: PRICE - FEE });
    expect(line.description).toContain('Sale of “');
    // The buyer earned nothing; nobody else sees the tutor's lines.
    expect(await wallet(s.buyer)).toMatchObject({ pendingMinor: 0, availableMinor: 0 });
    expect((await entries(s.buyer)).total).toBe(0);

    h.clock.advance(7 * DAY - 60_000);
    expect(await h.services.wallet.clearDue()).toBe(0);
    h.clock.advance(2 * 60_000);
    expect(await h.services.wallet.clearDue()).toBe(1);
    expect(await h.services.wallet.clearDue()).toBe(0);
    await relogin(s.tutor);
    expect(await wallet(s.tutor)).toMatchObject({ pendingMinor: 0, availableMinor: PRICE - FEE });
    const moves = (await entries(s.tutor)).entries.map(
      (e: { kind: string; bucket: string }) => `${e.kind} ${e.bucket}`,
    );
    expect(moves.sort()).toEqual(['sale pending', 'sale_cleared available', 'sale_cleared pending']);
    // The payment confirmed again (a replayed webhook) posts nothing more.
    const db = h.app.database.db;
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(await h.services.wallet.earnings.sale(db, payment!, { title: 'Again' })).toBe(false);
  });

  it('refunded inside the window takes back the pending earnings and the fee; the sweep then clears nothing', async () => {
    const s = await sale(h, admin);
    const { paymentId } = await buy(h, s);
    const asked = await as(h, s.buyer)('POST', `/api/payments/${paymentId}/refund-request`, {
      reason: 'The course was not what I expected from the summary.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const decided = await as(h, admin)('POST', `/api/admin/refund-requests/${asked.json().refund.id}/decision`, {
      decision: 'approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await wallet(s.tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 0 });
    expect((await entries(s.tutor)).entries.find((e: { kind: string }) => e.kind === 'refund')).toMatchObject({
      kind: 'refund',
      bucket: 'pending',
      amountMinor: -(PRICE - FEE),
    });
    h.clock.advance(8 * DAY);
    await h.services.wallet.clearDue();
    await relogin(s.tutor);
    expect(await wallet(s.tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 0 });
  });
});

describe('a refund approved after the money left', () => {
  it('takes what is left, owes the rest, and the next earnings pay it back before they can be withdrawn', async () => {
    const s = await sale(h, admin);
    const { paymentId } = await buy(h, s);
    // Asked on day 6, inside the window; the sale clears on day 7 and the tutor withdraws it all.
    h.clock.advance(6 * DAY);
    await relogin(s.buyer);
    const asked = await as(h, s.buyer)('POST', `/api/payments/${paymentId}/refund-request`, {
      reason: 'The course was not what I expected from the summary.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    h.clock.advance(2 * DAY);
    await h.services.wallet.clearDue();
    await relogin(s.tutor);
    const { setAccount, withdraw } = payoutCalls(() => h);
    expect((await setAccount(s.tutor, '0123456789')).statusCode).toBe(200);
    const share = PRICE - FEE;
    expect((await withdraw(s.tutor, share - 100_000)).statusCode).toBe(201);
    await h.jobs.runDue([sendPayoutJob]);
    expect(await wallet(s.tutor)).toMatchObject({ availableMinor: 100_000, paidOutMinor: share - 100_000 });

    admin.cookie = await adminLogin(h, admin.user.email);
    const decided = await as(h, admin)('POST', `/api/admin/refund-requests/${asked.json().refund.id}/decision`, {
      decision: 'approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const owed = share - 100_000;
    expect(await wallet(s.tutor)).toMatchObject({ availableMinor: 0, pendingMinor: 0, owedMinor: owed });
    const refundLines = (await entries(s.tutor)).entries.filter((e: { kind: string }) => e.kind === 'refund');
    expect(refundLines.map((e: { bucket: string; amountMinor: number }) => [e.bucket, e.amountMinor]).sort()).toEqual([
      ['available', -100_000],
      ['owed', -owed],
    ]);
    expect(refundLines[0].description).toContain('owed and taken from your next earnings');
    // Nothing is left to withdraw.
    expect((await withdraw(s.tutor, 100_000)).statusCode).toBe(400);

    // The next sale clears a week later: it first pays back what is owed.
    const next = await sale(h, admin, { tutor: s.tutor });
    await buy(h, next);
    h.clock.advance(8 * DAY);
    await h.services.wallet.clearDue();
    await relogin(s.tutor);
    expect(await wallet(s.tutor)).toMatchObject({ availableMinor: share - owed, owedMinor: 0 });
    const back = (await entries(s.tutor)).entries.filter((e: { kind: string }) => e.kind === 'debt_recovered');
    expect(back.map((e: { bucket: string; amountMinor: number }) => [e.bucket, e.amountMinor]).sort()).toEqual([
      ['available', -owed],
      ['owed', owed],
    ]);
  });
});

describe('the ledger', () => {
  it('refuses a posting that does not sum to zero, and posts a source and kind once', async () => {
    const member = await actor(h);
    const db = h.app.database.db;
    const lines = (amount: number) => [
      { ownerId: null, account: 'platform_fees' as const, amountMinor: -amount },
      { ownerId: member.user.id, account: 'available' as const, amountMinor: 100 },
    ];
    const base = { kind: 'adjustment', subject: 'test', description: 'Test', currency: 'NGN', at: h.clock.now };
    await expect(post(db, { ...base, source: `t:${member.user.id}`, lines: lines(99) })).rejects.toThrow(/balance/);
    expect(await post(db, { ...base, source: `t:${member.user.id}`, lines: lines(100) })).toBe(true);
    expect(await post(db, { ...base, source: `t:${member.user.id}`, lines: lines(100) })).toBe(false);
    expect(await wallet(member)).toMatchObject({ availableMinor: 100 });
    // Append-only: no line or posting is edited or deleted.
    await expect(db.execute(sql`update ledger_lines set amount_minor = 0`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_postings`)).rejects.toThrow();
  });

  it('pages through the lines of every bucket newest first, ties by id, with the total', async () => {
    const member = await actor(h);
    const db = h.app.database.db;
    const buckets = ['pending', 'available', 'paid_out'] as const;
    // 25 postings of two member lines each, an hour apart: 50 lines over three buckets, more
    // than a page's worth in `available` alone.
    for (let n = 0; n < 25; n++) {
      h.clock.advance(3_600_000);
      await post(db, {
        kind: 'adjustment',
        source: `page:${member.user.id}:${n}`,
        subject: `page:${member.user.id}`,
        description: `Adjustment ${n}`,
        currency: 'NGN',
        at: h.clock.now,
        lines: [
          { ownerId: null, account: 'platform_fees', amountMinor: -(2 * n + 3) },
          { ownerId: member.user.id, account: buckets[n % 3]!, amountMinor: n + 1 },
          { ownerId: member.user.id, account: 'available', amountMinor: n + 2 },
        ],
      });
    }
    await relogin(member);
    type Entry = { id: string; createdAt: string; description: string };
    const page = async (n: number) => (await as(h, member)('GET', `/api/wallet/entries?page=${n}`)).json();
    const [first, second, third] = [await page(1), await page(2), await page(3)];
    expect([first.total, second.total, third.total]).toEqual([50, 50, 50]);
    const seen: Entry[] = [...first.entries, ...second.entries, ...third.entries];
    expect(seen.map((e) => e.description).slice(0, 2)).toEqual(['Adjustment 24', 'Adjustment 24']);
    const sorted = [...seen].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    expect(seen.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
    expect(new Set(seen.map((e) => e.id)).size).toBe(50);
  });
});
