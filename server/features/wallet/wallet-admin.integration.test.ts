import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_MINUTES } from '#shared/admin/admin.schemas';
import { auditSentence } from '#shared/admin/audit-sentence';
import { createHarness, PASSWORD, type Harness } from '#server/test/harness';
import { as, actor, type Actor } from '../courses/testing/course-fixtures';
import { buy, PRICE, sale } from '../payments/testing/payment-fixtures';
import { ledgerAccounts, ledgerLines, ledgerPostings } from './ledger.table';
import { ledgerRepo } from './ledger.repo';
import { post } from './ledger';

/**
 * The console's wallet (issue 27, Admin; decision 062): the overview's money, a member's wallet,
 * failed payouts, and adjustments that post two lines summing to zero, audited, refused below
 * zero, once per key. The ledger is held to its lines after every test.
 */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());
afterEach(async () => {
  const db = h.app.database.db;
  expect(await ledgerRepo.unbalanced(db)).toEqual([]);
  expect(await ledgerRepo.drift(db)).toEqual([]);
});

const FEE = Math.round(PRICE * 0.1);
const adjust = (who: Actor, memberId: string, body: object) =>
  as(h, who)('POST', `/api/admin/users/${memberId}/wallet/adjustments`, body);
const money = async () => (await as(h, admin)('GET', '/api/admin/stats')).json().money;
const walletOf = async (who: Actor) => (await as(h, who)('GET', '/api/wallet')).json();
const REASON = 'Goodwill credit after the outage';

describe('the overview', () => {
  it('adds the money in the wallets and the fees, each bucket summed over every member', async () => {
    const before = await money();
    expect(before).toMatchObject({ currency: 'NGN', heldMinor: expect.any(Number) });
    const s = await sale(h, admin);
    await buy(h, s);
    // Escrow is a later part of issue 27: a line into a member's held account stands in for a funding.
    const poster = await actor(h);
    await post(h.app.database.db, {
      kind: 'test_funding',
      source: `test:${poster.user.id}`,
      subject: `test:${poster.user.id}`,
      description: 'Funded for the test',
      currency: 'NGN',
      at: h.clock.now,
      lines: [
        { ownerId: null, account: 'gateway_clearing', amountMinor: -70_000 },
        { ownerId: poster.user.id, account: 'held', amountMinor: 70_000 },
      ],
    });
    expect(
      (await adjust(admin, s.tutor.user.id, { amountMinor: 25_000, bucket: 'available', reason: REASON })).statusCode,
    ).toBe(201);
    expect(await money()).toEqual({
      ...before,
      heldMinor: before.heldMinor + 70_000,
      pendingMinor: before.pendingMinor + PRICE - FEE,
      availableMinor: before.availableMinor + 25_000,
      platformFeesMinor: before.platformFeesMinor + FEE,
    });
    // Stats for members: refused, as the rest of the console.
    expect((await as(h, s.tutor)('GET', '/api/admin/stats')).statusCode).toBe(403);
  });
});

describe("a member's wallet in the console", () => {
  it('shows the balances and the lines the member sees, paged; an unknown member is 404', async () => {
    const s = await sale(h, admin);
    await buy(h, s);
    const res = await as(h, admin)('GET', `/api/admin/users/${s.tutor.user.id}/wallet?page=1`);
    expect(res.statusCode, res.body).toBe(200);
    const own = (await as(h, s.tutor)('GET', '/api/wallet/entries?page=1')).json();
    expect(res.json()).toEqual({ ...own, wallet: await walletOf(s.tutor) });
    expect(res.json().entries[0]).toMatchObject({ kind: 'sale', bucket: 'pending', amountMinor: PRICE - FEE });
    expect((await as(h, admin)('GET', `/api/admin/users/${randomUUID()}/wallet`)).statusCode).toBe(404);
    expect((await as(h, admin)('GET', `/api/admin/users/${s.tutor.user.id}/wallet?page=0`)).statusCode).toBe(400);
    // Nobody but an admin reads it: not the buyer, not the tutor through the console's route.
    expect((await as(h, s.buyer)('GET', `/api/admin/users/${s.tutor.user.id}/wallet`)).statusCode).toBe(403);
    expect((await as(h, s.tutor)('GET', `/api/admin/users/${s.tutor.user.id}/wallet`)).statusCode).toBe(403);
    expect((await as(h, null)('GET', `/api/admin/users/${s.tutor.user.id}/wallet`)).statusCode).toBe(401);
  });
});

describe('an adjustment', () => {
  it('credits the bucket against platform_adjustments in two lines that sum to zero, audited in words, the member told', async () => {
    const member = await actor(h);
    const res = await adjust(admin, member.user.id, { amountMinor: 500_050, bucket: 'available', reason: REASON });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amountMinor: 500_050,
      bucket: 'available',
      reason: REASON,
      wallet: { availableMinor: 500_050, pendingMinor: 0 },
    });
    const db = h.app.database.db;
    const lines = await db
      .select({ kind: ledgerAccounts.kind, owner: ledgerAccounts.ownerId, amount: ledgerLines.amountMinor })
      .from(ledgerLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
      .where(eq(ledgerLines.postingId, res.json().id));
    expect(lines.sort((a, b) => a.amount - b.amount)).toEqual([
      { kind: 'platform_adjustments', owner: null, amount: -500_050 },
      { kind: 'available', owner: member.user.id, amount: 500_050 },
    ]);
    const [posting] = await db.select().from(ledgerPostings).where(eq(ledgerPostings.id, res.json().id));
    expect(posting).toMatchObject({ kind: 'adjustment', description: `Adjustment by the platform: ${REASON}` });
    const [entry] = (await as(h, member)('GET', '/api/wallet/entries')).json().entries;
    expect(entry).toMatchObject({ kind: 'adjustment', bucket: 'available', amountMinor: 500_050 });

    const audit = (await as(h, admin)('GET', `/api/admin/audit?targetId=${member.user.id}`)).json().entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'wallet.adjust',
      reason: REASON,
      before: { bucket: 'available', balanceMinor: 0 },
      after: { bucket: 'available', amountMinor: 500_050, balanceMinor: 500_050 },
    });
    expect(
      auditSentence(audit[0])
        .map((p) => p.text)
        .join(''),
    ).toBe(`${admin.user.fullName} credited ₦5,000.50 to ${member.user.fullName}’s available balance`);
    const bell = (await as(h, member)('GET', '/api/notifications')).json();
    expect(JSON.stringify(bell)).toContain(`₦5,000.50 was added to your available balance: ${REASON}`);
  });

  it('debits down to zero and refuses below it (409, nothing moves), in either bucket', async () => {
    const member = await actor(h);
    await adjust(admin, member.user.id, { amountMinor: 100_000, bucket: 'available', reason: REASON });
    const over = await adjust(admin, member.user.id, { amountMinor: -100_001, bucket: 'available', reason: REASON });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe(
      `This debit would take ${member.user.fullName}’s available balance below zero: it holds ₦1,000.`,
    );
    expect(
      (await adjust(admin, member.user.id, { amountMinor: -1, bucket: 'pending', reason: REASON })).statusCode,
    ).toBe(409);
    expect(await walletOf(member)).toMatchObject({ availableMinor: 100_000, pendingMinor: 0 });
    const all = await adjust(admin, member.user.id, { amountMinor: -100_000, bucket: 'available', reason: REASON });
    expect(all.statusCode, all.body).toBe(201);
    expect(all.json().wallet).toMatchObject({ availableMinor: 0 });
    const audit = (await as(h, admin)('GET', `/api/admin/audit?targetId=${member.user.id}`)).json().entries;
    expect(audit).toHaveLength(2);
  });

  it('checks its input: non-zero whole kobo, available or pending, a reason of 10 characters', async () => {
    const member = await actor(h);
    for (const body of [
      { amountMinor: 0, bucket: 'available', reason: REASON },
      { amountMinor: 1.5, bucket: 'available', reason: REASON },
      { amountMinor: 100, bucket: 'held', reason: REASON },
      { amountMinor: 100, bucket: 'available', reason: 'too short' },
      { amountMinor: 100, bucket: 'available' },
      { amountMinor: 100, bucket: 'available', reason: REASON, key: 'not-a-uuid' },
    ]) {
      const res = await adjust(admin, member.user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(
      (await adjust(admin, randomUUID(), { amountMinor: 100, bucket: 'available', reason: REASON })).statusCode,
    ).toBe(404);
    expect(await walletOf(member)).toMatchObject({ availableMinor: 0 });
  });

  it('posts once per key: the same request again answers the first posting; the key on another adjustment is 409', async () => {
    const member = await actor(h);
    const key = randomUUID();
    const body = { amountMinor: 30_000, bucket: 'pending', reason: REASON, key };
    const first = await adjust(admin, member.user.id, body);
    const again = await adjust(admin, member.user.id, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await walletOf(member)).toMatchObject({ pendingMinor: 30_000 });
    expect((await adjust(admin, member.user.id, { ...body, amountMinor: 40_000 })).statusCode).toBe(409);
    const audit = (await as(h, admin)('GET', `/api/admin/audit?targetId=${member.user.id}`)).json().entries;
    expect(audit).toHaveLength(1);
  });

  it("is refused on the admin's own wallet, to members, and without a password typed in the last 15 minutes", async () => {
    const member = await actor(h);
    const body = { amountMinor: 100, bucket: 'available', reason: REASON };
    expect((await adjust(admin, admin.user.id, body)).statusCode).toBe(409);
    expect((await adjust(member, member.user.id, body)).statusCode).toBe(403);
    const other = await actor(h, 'admin');
    h.clock.advance((CONFIRM_MINUTES + 1) * 60_000);
    try {
      const lapsed = await adjust(other, member.user.id, body);
      expect(lapsed.statusCode).toBe(403);
      expect(lapsed.json().code).toBe('CONFIRMATION_REQUIRED');
      const confirmed = await as(h, other)('POST', '/api/admin/confirm', { password: PASSWORD });
      expect(confirmed.statusCode).toBe(200);
      expect((await adjust(other, member.user.id, body)).statusCode).toBe(201);
    } finally {
      h.clock.reset();
    }
  });
});

describe('the payouts queue', () => {
  it('lists failed payouts newest first with the member and the reason; admins only', async () => {
    const names: string[] = [];
    for (const n of [1, 2]) {
      const member = await actor(h);
      names.push(member.user.fullName);
      await adjust(admin, member.user.id, { amountMinor: 200_000 * n, bucket: 'available', reason: REASON });
      const set = await as(h, member)('PUT', '/api/wallet/payout-account', {
        bankCode: '058',
        accountNumber: '0123450000',
        password: PASSWORD,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect((await as(h, member)('POST', '/api/wallet/payouts', { amountMinor: 200_000 * n })).statusCode).toBe(201);
      h.clock.advance(60_000);
      await h.jobs.runDue();
    }
    h.clock.reset();
    const res = await as(h, admin)('GET', '/api/admin/payouts?status=failed');
    expect(res.statusCode, res.body).toBe(200);
    const { payouts, total, page, pageSize } = res.json();
    expect({ total, page, pageSize }).toEqual({ total: expect.any(Number), page: 1, pageSize: 25 });
    expect(payouts.slice(0, 2).map((p: { member: { fullName: string } }) => p.member.fullName)).toEqual(
      [...names].reverse(),
    );
    expect(payouts[0]).toMatchObject({
      amountMinor: 400_000,
      status: 'failed',
      failureReason: 'The bank refused the transfer to this account.',
      accountNumberLast4: '0000',
      settledAt: expect.any(String),
    });
    expect((await as(h, admin)('GET', '/api/admin/payouts')).json().payouts[0].id).toBe(payouts[0].id);
    expect((await as(h, admin)('GET', '/api/admin/payouts?status=paid')).json().payouts).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: payouts[0].id })]),
    );
    expect((await as(h, admin)('GET', '/api/admin/payouts?status=lost')).statusCode).toBe(400);
    expect((await as(h, await actor(h))('GET', '/api/admin/payouts?status=failed')).statusCode).toBe(403);
    expect((await as(h, null)('GET', '/api/admin/payouts?status=failed')).statusCode).toBe(401);
  });
});
