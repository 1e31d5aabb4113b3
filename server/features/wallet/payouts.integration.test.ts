import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, login, type Harness } from '#server/test/harness';
import { as, actor, type Actor } from '../courses/testing/course-fixtures';
import { ledgerRepo } from './ledger.repo';
import { earner as earnerOf, GTB, payoutCalls } from './testing/payout-fixtures';

/**
 * Payouts (issue 27's contract): a payout account resolved by the gateway and confirmed with the
 * password, withdrawals from the available balance only, sent by a job and settled once; the
 * test gateway fails transfers to numbers ending 0000, and nothing moves on a refusal.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
afterEach(async () => {
  h.clock.reset();
  expect(await ledgerRepo.unbalanced(h.app.database.db)).toEqual([]);
  expect(await ledgerRepo.drift(h.app.database.db)).toEqual([]);
});

const HOUR = 3_600_000;
const earner = (availableMinor: number): Promise<Actor> => earnerOf(h, availableMinor);
const { setAccount, withdraw, wallet, payoutsOf } = payoutCalls(() => h);

describe('the payout account', () => {
  it('lists banks to members only, and saves an account the gateway resolves, with the password', async () => {
    expect((await as(h, null)('GET', '/api/payouts/banks')).statusCode).toBe(401);
    const who = await actor(h);
    const banks = (await as(h, who)('GET', '/api/payouts/banks')).json().banks as Array<{ code: string }>;
    expect(banks).toContainEqual({ code: GTB, name: 'Guaranty Trust Bank' });

    const wrong = await setAccount(who, '0123456789', 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('That password is not right.');
    const unknown = await setAccount(who, '0000000000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('No account 0000000000 was found at Guaranty Trust Bank.');
    expect((await as(h, who)('GET', '/api/wallet/payout-account')).json()).toEqual({ account: null });

    const saved = await setAccount(who, '0123456789');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      bankCode: GTB,
      bankName: 'Guaranty Trust Bank',
      accountNumberLast4: '6789',
      accountName: 'TEST ACCOUNT HOLDER 6789',
      payoutsHeldUntil: null,
    });
    expect(JSON.stringify((await as(h, who)('GET', '/api/wallet/payout-account')).json())).not.toContain('0123456789');
  });
});

describe('a payout', () => {
  it('refuses without an account, under ₦1,000 or over the available balance, and moves nothing', async () => {
    const who = await earner(500_000);
    let res = await withdraw(who, 200_000);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Add the bank account to pay out to first.');
    await setAccount(who, '0123456789');
    res = await withdraw(who, 99_999);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
    res = await withdraw(who, 500_001);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('You can withdraw at most ₦5,000, your available balance.');
    expect(await wallet(who)).toMatchObject({ availableMinor: 500_000, paidOutMinor: 0 });
    expect(await payoutsOf(who)).toEqual([]);
  });

  it('withdraws the whole balance: pending, then paid by the job, the fee out of the amount', async () => {
    const who = await earner(2_000_000);
    await setAccount(who, '0123456789');
    const res = await withdraw(who, 2_000_000);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amountMinor: 2_000_000, feeMinor: 2_500, status: 'pending' });
    expect(await wallet(who)).toMatchObject({ availableMinor: 0, paidOutMinor: 0 });
    await h.jobs.runDue();
    expect(await wallet(who)).toMatchObject({ availableMinor: 0, paidOutMinor: 2_000_000 });
    expect(await payoutsOf(who)).toMatchObject([{ status: 'paid', feeMinor: 2_500, failureReason: null }]);
    // The job run again settles nothing twice.
    await h.services.payouts.send(res.json().id);
    expect(await wallet(who)).toMatchObject({ paidOutMinor: 2_000_000 });
  });

  it('that the bank refuses comes back to available with the reason', async () => {
    const who = await earner(300_000);
    await setAccount(who, '0123450000');
    expect((await withdraw(who, 300_000)).statusCode).toBe(201);
    await h.jobs.runDue();
    expect(await wallet(who)).toMatchObject({ availableMinor: 300_000, paidOutMinor: 0 });
    expect(await payoutsOf(who)).toMatchObject([
      { status: 'failed', failureReason: 'The bank refused the transfer to this account.' },
    ]);
    const entries = (await as(h, who)('GET', '/api/wallet/entries')).json().entries as Array<{ kind: string }>;
    expect(entries.map((e) => e.kind)).toContain('payout_failed');
  });

  it('waits 24 hours after the account is changed, and the member is mailed', async () => {
    const who = await earner(300_000);
    await setAccount(who, '0123456789');
    const changed = await setAccount(who, '9876543210');
    expect(changed.json().payoutsHeldUntil).toBe(new Date(h.clock.now.getTime() + 24 * HOUR).toISOString());
    await h.jobs.runDue();
    expect((await h.smtp.waitFor(who.user.email)).raw).toContain('Your payout account was changed');
    const held = await withdraw(who, 200_000);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toMatch(/^Payouts are on hold until .+ because your bank account was just changed\.$/);
    h.clock.advance(24 * HOUR + 60_000);
    who.cookie = await login(h, who.user.username);
    expect((await withdraw(who, 200_000)).statusCode).toBe(201);
  });

  it('asked 20 times at once for the whole balance is accepted once', async () => {
    const who = await earner(1_000_000);
    await setAccount(who, '0123456789');
    const all = await Promise.all(Array.from({ length: 20 }, () => withdraw(who, 1_000_000)));
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(all.every((r) => r.statusCode === 201 || r.statusCode === 400)).toBe(true);
    expect(await wallet(who)).toMatchObject({ availableMinor: 0 });
  });
});
