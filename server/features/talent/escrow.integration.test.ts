import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { ledgerRepo } from '../wallet/ledger.repo';
import { BID, feeOf, fund, gigOf, hire, postings, wallet } from './testing/escrow-fixtures';

/**
 * Gig escrow with milestones through HTTP (issue 27, decision 060): hiring plans one milestone,
 * the poster splits it and funds through the test gateway (exactly once however often it is
 * confirmed), delivery submits, changes send it back, accepting releases it into the talent's
 * wallet less the fee. The ledger is held to its lines after every test.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
afterEach(async () => {
  const db = h.app.database.db;
  expect(await ledgerRepo.unbalanced(db)).toEqual([]);
  expect(await ledgerRepo.drift(db)).toEqual([]);
});

async function pair() {
  return { poster: await actor(h), talent: await actor(h, 'talent'), stranger: await actor(h) };
}
const put = (who: Actor, gigId: string, milestones: unknown[]) =>
  as(h, who)('PUT', `/api/talent/gigs/${gigId}/milestones`, { milestones });

describe('hiring and the plan', () => {
  it('accepting a bid plans one milestone of its amount, shown to the two on the gig only', async () => {
    const { poster, talent, stranger } = await pair();
    const gig = await hire(h, poster, talent);
    expect(gig.milestones).toEqual([
      expect.objectContaining({
        title: gig.title,
        amountMinor: BID,
        status: 'unfunded',
        dueDate: null,
        fundedAt: null,
        autoReleaseAt: null,
        actions: ['checkout', 'cancel'],
      }),
    ]);
    expect(gig.escrow).toEqual({
      fundedMinor: 0,
      heldMinor: 0,
      releasedMinor: 0,
      refundedMinor: 0,
      planTotalMinor: BID,
      canEditPlan: true,
      next: `Fund the first milestone so ${talent.user.fullName.split(' ')[0]} can start.`,
      feePercent: h.config.payments.feePercent,
    });
    const theirs = await gigOf(h, talent, gig.id);
    expect(theirs.milestones![0]!.actions).toEqual([]);
    expect(theirs.escrow!.canEditPlan).toBe(false);
    expect(theirs.escrow!.next).toContain('Waiting for');
    for (const other of [stranger, null]) {
      const seen = await gigOf(h, other, gig.id);
      expect(seen.milestones).toBeUndefined();
      expect(seen.escrow).toBeUndefined();
    }
  });

  it('the poster splits the plan: 1 to 10 milestones adding up to the bid, only before funding', async () => {
    const { poster, talent, stranger } = await pair();
    const gig = await hire(h, poster, talent);
    const two = [
      { title: 'Sketches', amountMinor: 1_500_000, dueDate: '2030-01-10' },
      { title: 'Final files', amountMinor: 2_000_000 },
    ];
    expect((await put(talent, gig.id, two)).statusCode).toBe(403);
    expect((await put(stranger, gig.id, two)).statusCode).toBe(403);
    const short = await put(poster, gig.id, [{ title: 'All of it', amountMinor: 3_000_000 }]);
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(
      'The milestones must add up to ₦35,000, the accepted bid; these add up to ₦30,000.',
    );
    const eleven = Array.from({ length: 11 }, (_, i) => ({ title: `Part ${i + 1}`, amountMinor: 1 }));
    expect((await put(poster, gig.id, eleven)).statusCode).toBe(400);
    expect((await put(poster, gig.id, [])).statusCode).toBe(400);
    const split = await put(poster, gig.id, two);
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().milestones.map((m: { title: string; dueDate: string | null }) => [m.title, m.dueDate])).toEqual(
      [
        ['Sketches', '2030-01-10'],
        ['Final files', null],
      ],
    );
    // Replaced again before funding; then funding the first locks the plan.
    const again = (await put(poster, gig.id, two)).json();
    await fund(h, poster, again.milestones[0].id);
    const locked = await put(poster, gig.id, [{ title: 'All of it', amountMinor: BID }]);
    expect(locked.statusCode).toBe(409);
    expect((await gigOf(h, poster, gig.id)).escrow!.canEditPlan).toBe(false);
  });

  it('the poster cancels a milestone not yet funded; nobody else can', async () => {
    const { poster, talent, stranger } = await pair();
    const gig = await hire(h, poster, talent);
    const id = gig.milestones![0]!.id;
    expect((await as(h, talent)('POST', `/api/talent/milestones/${id}/cancel`)).statusCode).toBe(403);
    expect((await as(h, stranger)('POST', `/api/talent/milestones/${id}/cancel`)).statusCode).toBe(404);
    const done = await as(h, poster)('POST', `/api/talent/milestones/${id}/cancel`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().milestones[0].status).toBe('cancelled');
    expect(done.json().escrow.next).toBe('No milestone is waiting: plan the next one to pay through escrow.');
    expect((await as(h, poster)('POST', `/api/talent/milestones/${id}/cancel`)).statusCode).toBe(409);
    expect((await as(h, poster)('POST', `/api/talent/milestones/${id}/checkout`)).statusCode).toBe(409);
  });
});

describe('funding through the test gateway', () => {
  it('funds the milestone into the poster’s held balance, once however often it is confirmed', async () => {
    const { poster, talent, stranger } = await pair();
    const gig = await hire(h, poster, talent);
    const id = gig.milestones![0]!.id;
    expect((await as(h, talent)('POST', `/api/talent/milestones/${id}/checkout`)).statusCode).toBe(403);
    expect((await as(h, stranger)('POST', `/api/talent/milestones/${id}/checkout`)).statusCode).toBe(404);
    const { reference, paymentId, redirectUrl } = await fund(h, poster, id);
    expect(redirectUrl).toContain(`/gigs/${gig.id}?gateway=test&session_id=${reference}`);
    // The return page's verify, the gateway's confirmation and "Pay now" again: nothing more posts.
    for (let i = 0; i < 5; i++) {
      const verified = await as(h, poster)('POST', '/api/payments/verify', {
        gateway: 'test',
        transactionId: reference,
      });
      expect(verified.json()).toEqual({ success: true });
      expect(await h.services.payments.fulfilFromGateway('test', reference)).toBe('already-paid');
      expect((await as(h, poster)('POST', `/api/payments/test-checkout/${reference}/pay`)).statusCode).toBe(200);
    }
    expect(await postings(h, 'escrow_funded', `payment:${paymentId}`)).toBe(1);
    expect(await wallet(h, poster)).toMatchObject({ heldMinor: BID, availableMinor: 0, pendingMinor: 0 });
    expect(await wallet(h, talent)).toMatchObject({ heldMinor: 0, availableMinor: 0, pendingMinor: 0 });
    const seen = await gigOf(h, poster, gig.id);
    expect(seen.milestones![0]).toMatchObject({ status: 'funded', actions: ['dispute'] });
    expect(seen.milestones![0]!.fundedAt).toEqual(expect.any(String));
    expect(seen.escrow).toMatchObject({ fundedMinor: BID, heldMinor: BID, canEditPlan: false });
    expect(seen.escrow!.next).toBe(
      `₦35,000 is held. When ${talent.user.fullName.split(' ')[0]} submits, you release it or ask for changes; 14 days of silence release it.`,
    );
    const notices = (await as(h, talent)('GET', '/api/notifications')).json().notifications;
    expect(notices.filter((n: { title: string }) => n.title === 'Milestone funded')).toHaveLength(1);
    expect((await as(h, poster)('POST', `/api/talent/milestones/${id}/checkout`)).statusCode).toBe(409);
    // Escrow is not a refund request's to give back.
    const asked = await as(h, poster)('POST', `/api/payments/${paymentId}/refund-request`, {
      reason: 'I would like my money back please.',
    });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error).toContain('open a dispute');
  });
});

describe('delivery and acceptance', () => {
  it('delivering submits, changes send it back, accepting releases it to the talent less the fee', async () => {
    const { poster, talent } = await pair();
    const gig = await hire(h, poster, talent);
    const id = gig.milestones![0]!.id;
    await fund(h, poster, id);
    const delivered = await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, { note: 'Sketches attached' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const submitted = delivered.json().milestones[0];
    expect(submitted.status).toBe('submitted');
    expect(Date.parse(submitted.autoReleaseAt) - Date.parse(submitted.submittedAt)).toBe(14 * 86_400_000);
    expect(Date.parse(delivered.json().autoCompleteAt)).toBe(Date.parse(submitted.autoReleaseAt));

    const changes = await as(h, poster)('POST', `/api/talent/gigs/${gig.id}/request-changes`, { note: 'Bolder' });
    expect(changes.json().milestones[0]).toMatchObject({ status: 'funded', submittedAt: null });
    await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, { note: 'Bolder now' });

    const accepted = await as(h, poster)('POST', `/api/talent/gigs/${gig.id}/accept-delivery`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('completed');
    expect(accepted.json().milestones[0]).toMatchObject({ status: 'released' });
    expect(accepted.json().escrow).toMatchObject({ heldMinor: 0, releasedMinor: BID, fundedMinor: BID });
    const fee = feeOf(h, BID);
    expect(await wallet(h, talent)).toMatchObject({ availableMinor: BID - fee, heldMinor: 0 });
    expect(await wallet(h, poster)).toMatchObject({ heldMinor: 0, availableMinor: 0 });
    expect(await postings(h, 'milestone_release', `milestone:${id}`)).toBe(1);
    const lines = (await as(h, talent)('GET', '/api/wallet/entries')).json().entries;
    expect(lines).toEqual([
      expect.objectContaining({ kind: 'milestone_release', bucket: 'available', amountMinor: BID - fee }),
    ]);
    const released = (await as(h, talent)('GET', '/api/notifications')).json().notifications;
    expect(released.some((n: { title: string }) => n.title === 'Payment released')).toBe(true);
  });

  it('with two milestones, accepting the first releases it and sends the gig back to work on the next', async () => {
    const { poster, talent } = await pair();
    const gig = await hire(h, poster, talent);
    const plan = (
      await put(poster, gig.id, [
        { title: 'Sketches', amountMinor: 1_500_000 },
        { title: 'Final files', amountMinor: 2_000_000 },
      ])
    ).json().milestones;
    await fund(h, poster, plan[0].id);
    await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, { note: 'Sketches' });
    const first = (await as(h, poster)('POST', `/api/talent/gigs/${gig.id}/accept-delivery`)).json();
    expect(first.status).toBe('in_progress');
    expect(first.milestones.map((m: { status: string }) => m.status)).toEqual(['released', 'unfunded']);
    expect(first.escrow.next).toContain('Fund the next milestone, “Final files”');
    await fund(h, poster, plan[1].id);
    await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, { note: 'Final files' });
    const last = (await as(h, poster)('POST', `/api/talent/gigs/${gig.id}/accept-delivery`)).json();
    expect(last.status).toBe('completed');
    expect(last.escrow).toMatchObject({ releasedMinor: BID, heldMinor: 0 });
    const fees = feeOf(h, 1_500_000) + feeOf(h, 2_000_000);
    expect(await wallet(h, talent)).toMatchObject({ availableMinor: BID - fees });
  });

  it('a gig paid off the platform completes as before and cancels the milestone never funded', async () => {
    const { poster, talent } = await pair();
    const gig = await hire(h, poster, talent);
    await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, { note: 'Done' });
    const seen = await gigOf(h, poster, gig.id);
    expect(Date.parse(seen.autoCompleteAt!) - Date.parse(seen.deliveredAt!)).toBe(7 * 86_400_000);
    const done = (await as(h, poster)('POST', `/api/talent/gigs/${gig.id}/accept-delivery`)).json();
    expect(done.status).toBe('completed');
    expect(done.milestones[0].status).toBe('cancelled');
    expect(await wallet(h, talent)).toMatchObject({ availableMinor: 0 });
  });
});
