import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '#server/test/fake-paystack';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { ledgerRepo } from '../wallet/ledger.repo';
import { BID, feeOf, gigOf, hire, postings, wallet } from './testing/escrow-fixtures';

/**
 * Escrow through a real gateway's API (a local Paystack-compatible server): a milestone is funded
 * by Paystack's signed `charge.success`, delivered five times and confirmed by the return page
 * five times, and posts once; an admin's split refunds the rest of that transaction at Paystack.
 */
let fake: FakePaystack;
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  fake = await startFakePaystack();
  h = await createHarness({ env: { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_API_BASE: fake.url } });
  admin = await actor(h, 'admin');
});
afterAll(async () => {
  await h.close();
  await fake.close();
});
afterEach(async () => {
  const db = h.app.database.db;
  expect(await ledgerRepo.unbalanced(db)).toEqual([]);
  expect(await ledgerRepo.drift(db)).toEqual([]);
});

const webhook = (reference: string) => {
  const d = fake.signedWebhook({ type: 'charge.success', reference });
  return h.app.inject({ method: 'POST', url: '/api/webhooks/paystack', payload: d.body, headers: d.headers });
};

describe('a milestone paid through Paystack', () => {
  it('is funded once by five webhooks and five verifies, and a split refunds the rest at Paystack', async () => {
    const poster = await actor(h);
    const talent = await actor(h, 'talent');
    const gig = await hire(h, poster, talent);
    const milestoneId = gig.milestones![0]!.id;
    const checkout = await as(h, poster)('POST', `/api/talent/milestones/${milestoneId}/checkout`);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { sessionId, gateway } = checkout.json();
    expect(gateway).toBe('paystack');
    expect(fake.transaction(sessionId).amount).toBe(BID);
    fake.complete(sessionId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(sessionId)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (let i = 0; i < 5; i++) {
      const verified = await as(h, poster)('POST', '/api/payments/verify', {
        gateway: 'paystack',
        transactionId: sessionId,
      });
      expect(verified.json()).toEqual({ success: true });
    }
    expect(await postings(h, 'escrow_funded', 'payment:%')).toBe(1);
    expect(await wallet(h, poster)).toMatchObject({ heldMinor: BID });
    expect((await gigOf(h, talent, gig.id)).milestones![0]!.status).toBe('funded');

    await as(h, poster)('POST', `/api/talent/milestones/${milestoneId}/dispute`, {
      reason: 'Only half of the work was done.',
    });
    const share = 1_000_000;
    const res = await as(h, admin)('POST', `/api/admin/milestones/${milestoneId}/resolve`, {
      outcome: 'split',
      talentMinor: share,
      reason: 'Half of the work was done.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunds = fake.refunds.filter((r) => r.transaction.reference === sessionId);
    expect(refunds.map((r) => r.amount)).toEqual([BID - share]);
    const shareFee = Math.round((share * feeOf(h, BID)) / BID);
    expect(await wallet(h, talent)).toMatchObject({ availableMinor: share - shareFee });
    expect(await wallet(h, poster)).toMatchObject({ heldMinor: 0 });
  });
});
