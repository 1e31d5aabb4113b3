import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { ledgerRepo } from '../wallet/ledger.repo';
import { BID, feeOf, fund, gigOf, hire, wallet } from './testing/escrow-fixtures';

/**
 * What each milestone tells the two on the gig (decision 060, addendum): the talent's net after
 * the platform fee, by the same rule the release pays, and an admin's decision with its reason,
 * read by the poster, the talent and admins, and by nobody else.
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

const REASON = 'The sketches arrived; the final files did not.';

describe('a milestone’s net and outcome', () => {
  it('shows the talent’s net before funding, and the wallet receives exactly it on release', async () => {
    const poster = await actor(h);
    const talent = await actor(h, 'talent');
    const hired = await hire(h, poster, talent);
    const net = BID - feeOf(h, BID);
    expect(hired.escrow!.feePercent).toBe(h.config.payments.feePercent);
    expect(hired.milestones![0]).toMatchObject({ talentNetMinor: net, platformFeeMinor: feeOf(h, BID), outcome: null });
    await fund(h, poster, hired.milestones![0]!.id);
    expect((await as(h, talent)('POST', `/api/talent/gigs/${hired.id}/deliver`, { note: 'Done' })).statusCode).toBe(
      200,
    );
    const accepted = await as(h, poster)('POST', `/api/talent/gigs/${hired.id}/accept-delivery`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [released] = (await gigOf(h, talent, hired.id)).milestones!;
    expect(released).toMatchObject({ status: 'released', talentNetMinor: net, outcome: null });
    expect(await wallet(h, talent)).toMatchObject({ availableMinor: released!.talentNetMinor });
  });

  it('an admin’s split reaches the poster, the talent and admins with its reason; nobody else reads it', async () => {
    const poster = await actor(h);
    const talent = await actor(h, 'talent');
    const stranger = await actor(h);
    const gig = await hire(h, poster, talent);
    const milestoneId = gig.milestones![0]!.id;
    await fund(h, poster, milestoneId);
    const disputed = await as(h, talent)('POST', `/api/talent/milestones/${milestoneId}/dispute`, {
      reason: 'The poster stopped answering my messages.',
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json().milestones[0].outcome).toBeNull();

    const share = 1_500_000;
    const res = await as(h, admin)('POST', `/api/admin/milestones/${milestoneId}/resolve`, {
      outcome: 'split',
      talentMinor: share,
      reason: REASON,
    });
    expect(res.statusCode, res.body).toBe(200);
    const shareFee = Math.round((share * feeOf(h, BID)) / BID);
    for (const who of [poster, talent, admin]) {
      const [m] = (await gigOf(h, who, gig.id)).milestones!;
      expect(m!.outcome).toEqual({
        decision: 'split',
        reason: REASON,
        releasedMinor: share,
        refundedMinor: BID - share,
        decidedAt: expect.any(String),
      });
      expect(m).toMatchObject({ status: 'released', talentNetMinor: share - shareFee, platformFeeMinor: shareFee });
    }
    expect(await wallet(h, talent)).toMatchObject({ availableMinor: share - shareFee });
    for (const who of [stranger, null]) {
      const seen = await as(h, who)('GET', `/api/talent/gigs/${gig.id}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().milestones).toBeUndefined();
      expect(seen.body).not.toContain(REASON);
    }
  });

  it('a refund reads as a refund: nothing to the talent, all of it back to the poster', async () => {
    const poster = await actor(h);
    const talent = await actor(h, 'talent');
    const gig = await hire(h, poster, talent);
    const milestoneId = gig.milestones![0]!.id;
    await fund(h, poster, milestoneId);
    const res = await as(h, admin)('POST', `/api/admin/milestones/${milestoneId}/resolve`, {
      outcome: 'refund',
      reason: 'Nothing was delivered.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [m] = (await gigOf(h, poster, gig.id)).milestones!;
    expect(m).toMatchObject({
      status: 'refunded',
      talentNetMinor: 0,
      platformFeeMinor: 0,
      outcome: { decision: 'refund', reason: 'Nothing was delivered.', releasedMinor: 0, refundedMinor: BID },
    });
  });
});
