import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '#server/test/fake-paystack';
import { createHarness, type Harness } from '#server/test/harness';
import { as, type Actor } from '../courses/testing/course-fixtures';
import { ledgerPostings } from './ledger.table';
import { ledgerRepo } from './ledger.repo';
import { TRANSFER_FAILED, TRANSFER_REVERSED } from './paystack-payouts';
import { payoutAccounts } from './payouts.table';
import { earner, payoutCalls } from './testing/payout-fixtures';
import { checkPayoutsJob } from './wallet.queue';

/**
 * Payouts through Paystack Transfers (decision 061), end to end: the real app and its REST client
 * against a local Paystack-compatible server that signs transfer webhooks as Paystack does. Each
 * way a transfer ends settles the payout once, however often Paystack says so.
 */
let fake: FakePaystack;
let h: Harness;
beforeAll(async () => {
  fake = await startFakePaystack();
  h = await createHarness({ env: { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_API_BASE: fake.url } });
});
afterAll(async () => {
  await h.close();
  await fake.close();
});
afterEach(async () => {
  h.clock.reset();
  expect(await ledgerRepo.unbalanced(h.app.database.db)).toEqual([]);
  expect(await ledgerRepo.drift(h.app.database.db)).toEqual([]);
});

const MINUTE = 60_000;
const { setAccount, withdraw, wallet, payoutsOf } = payoutCalls(() => h);
const asked = (what: string) => fake.requests.filter((r) => r === what).length;
const deliver = (d: { body: string; headers: Record<string, string> }) =>
  h.app.inject({ method: 'POST', url: '/api/webhooks/paystack', payload: d.body, headers: d.headers });

/** Paystack says it `times` times at once; each delivery is acknowledged. */
async function tell(type: string, reference: string, times = 5) {
  const answers = await Promise.all(
    Array.from({ length: times }, () => deliver(fake.signedWebhook({ type, reference }))),
  );
  for (const res of answers) expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
}

/** A payout of `amountMinor` sent to Paystack by its job: Paystack has it, pending. */
async function sent(amountMinor = 2_000_000): Promise<{ who: Actor; id: string }> {
  const who = await earner(h, amountMinor);
  expect((await setAccount(who, '0123456789')).json()).toMatchObject({ accountName: 'PAYSTACK HOLDER 6789' });
  const res = await withdraw(who, amountMinor);
  expect(res.statusCode, res.body).toBe(201);
  await h.jobs.runDue();
  const id = res.json().id as string;
  expect(fake.transfers.get(id)).toMatchObject({ amount: amountMinor - res.json().feeMinor, status: 'pending' });
  expect(await payoutsOf(who)).toMatchObject([{ id, status: 'processing' }]);
  return { who, id };
}

/** The payout's postings: kind and source, in order. */
const postings = async (id: string) =>
  (
    await h.app.database.db
      .select({ kind: ledgerPostings.kind, source: ledgerPostings.source, at: ledgerPostings.createdAt })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.subject, `payout:${id}`))
      .orderBy(ledgerPostings.createdAt, ledgerPostings.kind)
  ).map(({ kind, source }) => `${kind} ${source.replace(id, 'ID')}`);

const notices = async (who: Actor) =>
  (
    (await as(h, who)('GET', '/api/notifications')).json().notifications as Array<{ title: string; message: string }>
  ).map((n) => `${n.title}: ${n.message}`);

describe('a payout through Paystack', () => {
  it('lists Paystack’s banks and is paid when Paystack says the transfer succeeded, once for five deliveries', async () => {
    const someone = await earner(h, 0);
    const banks = (await as(h, someone)('GET', '/api/payouts/banks')).json().banks;
    expect(banks).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });

    const { who, id } = await sent();
    expect(await wallet(who)).toMatchObject({ availableMinor: 0, paidOutMinor: 0 });
    fake.settleTransfer(id, 'success');
    await tell('transfer.success', id);
    expect(await wallet(who)).toMatchObject({ availableMinor: 0, paidOutMinor: 2_000_000 });
    expect(await payoutsOf(who)).toMatchObject([{ id, status: 'paid', failureReason: null }]);
    expect(await postings(id)).toEqual(['payout payout:ID', 'payout_paid payout:ID']);
    expect(await notices(who)).toEqual(['Payout sent: ₦19,975 is on its way to PAYSTACK HOLDER 6789 (…6789).']);
  });

  it('that fails comes back to available with the reason and the member is told, once for five deliveries', async () => {
    const { who, id } = await sent(300_000);
    fake.settleTransfer(id, 'failed');
    await tell('transfer.failed', id);
    expect(await wallet(who)).toMatchObject({ availableMinor: 300_000, paidOutMinor: 0 });
    expect(await payoutsOf(who)).toMatchObject([{ id, status: 'failed', failureReason: TRANSFER_FAILED }]);
    expect(await postings(id)).toEqual(['payout payout:ID', 'payout_failed payout:ID']);
    expect(await notices(who)).toEqual([
      `Payout failed: Your payout of ₦3,000 did not go through: ${TRANSFER_FAILED} The money is back in your available balance.`,
    ]);
  });

  it('reversed after it was paid takes the money back from paid out, under a source of its own, once', async () => {
    const { who, id } = await sent(500_000);
    fake.settleTransfer(id, 'success');
    await tell('transfer.success', id, 1);
    h.clock.advance(MINUTE);
    fake.settleTransfer(id, 'reversed');
    await tell('transfer.reversed', id);
    // A late copy of the success changes nothing: Paystack now says reversed.
    await tell('transfer.success', id, 2);
    expect(await wallet(who)).toMatchObject({ availableMinor: 500_000, paidOutMinor: 0 });
    expect(await payoutsOf(who)).toMatchObject([{ id, status: 'failed', failureReason: TRANSFER_REVERSED }]);
    expect(await postings(id)).toEqual([
      'payout payout:ID',
      'payout_paid payout:ID',
      'payout_failed payout_reversal:ID',
    ]);
    expect((await notices(who))[0]).toBe(
      `Payout returned: Your payout of ₦5,000 to PAYSTACK HOLDER 6789 (…6789) came back: ${TRANSFER_REVERSED} The money is back in your available balance.`,
    );
  });

  it('reversed while still processing gives back what is in flight, once', async () => {
    const { who, id } = await sent(400_000);
    fake.settleTransfer(id, 'reversed');
    await tell('transfer.reversed', id);
    expect(await wallet(who)).toMatchObject({ availableMinor: 400_000, paidOutMinor: 0 });
    expect(await postings(id)).toEqual(['payout payout:ID', 'payout_failed payout_reversal:ID']);
  });

  it('still processing after 15 minutes is settled by the status check, without a webhook', async () => {
    const { who, id } = await sent(250_000);
    fake.settleTransfer(id, 'success');
    expect(await h.services.payouts.checkProcessing()).toBe(0);
    h.clock.advance(16 * MINUTE);
    await h.services.jobs.send(h.app.database.db, checkPayoutsJob, {});
    await h.jobs.runDue();
    expect(await payoutsOf(who)).toMatchObject([{ id, status: 'paid' }]);
    expect(await wallet(who)).toMatchObject({ paidOutMinor: 250_000 });
    expect(await h.services.payouts.checkProcessing()).toBe(0);
    await tell('transfer.success', id, 1);
    expect(await postings(id)).toEqual(['payout payout:ID', 'payout_paid payout:ID']);
  });

  it('retried after Paystack’s answer was lost sends the same reference and makes no second transfer', async () => {
    const who = await earner(h, 600_000);
    await setAccount(who, '0123456789');
    const transfersBefore = asked('POST /transfer');
    fake.transferState.loseNextAnswer = true;
    const id = (await withdraw(who, 600_000)).json().id as string;
    await h.jobs.runDue();
    expect(fake.transfers.get(id)?.status).toBe('pending');
    expect(await payoutsOf(who)).toMatchObject([{ id, status: 'pending' }]);
    h.clock.advance(10 * MINUTE);
    await h.jobs.runDue();
    expect(asked('POST /transfer')).toBe(transfersBefore + 2);
    expect([...fake.transfers.values()].filter((t) => t.reference === id)).toHaveLength(1);
    expect(await payoutsOf(who)).toMatchObject([{ id, status: 'processing' }]);
  });

  it('makes the transfer recipient once per account and keeps its code', async () => {
    const who = await earner(h, 400_000);
    await setAccount(who, '0123456789');
    const before = asked('POST /transferrecipient');
    await withdraw(who, 200_000);
    await h.jobs.runDue();
    await withdraw(who, 200_000);
    await h.jobs.runDue();
    expect(asked('POST /transferrecipient')).toBe(before + 1);
    const [account] = await h.app.database.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, who.user.id));
    expect(account).toMatchObject({ recipientCode: expect.stringMatching(/^RCP_/), recipientScope: 'paystack:test' });
  });

  it('refuses a transfer event with a wrong signature, and nothing moves', async () => {
    const { who, id } = await sent(300_000);
    fake.settleTransfer(id, 'success');
    const res = await deliver(
      fake.signedWebhook({ type: 'transfer.success', reference: id }, { secret: 'sk_test_notours' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid webhook signature.' });
    expect(await payoutsOf(who)).toMatchObject([{ id, status: 'processing' }]);
    expect(await postings(id)).toEqual(['payout payout:ID']);
  });

  it('ignores a transfer event about a transfer that is not a payout', async () => {
    await tell('transfer.success', 'not-a-payout', 1);
    await tell('transfer.failed', '8c3bb1c4-7c6e-4d59-9a8a-6a2b6f0a4a51', 1);
  });
});

describe('payouts on a server taking payments through Stripe', () => {
  let stripe: Harness;
  beforeAll(async () => {
    stripe = await createHarness({
      env: { STRIPE_SECRET_KEY: 'sk_test_stripe', STRIPE_WEBHOOK_SECRET: 'whsec_stripe' },
    });
  });
  afterAll(() => stripe.close());

  it('are refused with a sentence', async () => {
    const who = await earner(stripe, 300_000);
    const res = await payoutCalls(() => stripe).setAccount(who, '0123456789');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Payouts to bank accounts are not available on this server yet. Your balance is kept safe in your wallet.',
    );
  });
});
