import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/talent/gig-machine';
import { adminAuditLog } from '#server/lib/audit/audit.table';
import { adminLogin, createHarness, login, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { payments, testGatewaySessions } from '../payments/payments.table';
import { ledgerRepo } from '../wallet/ledger.repo';
import { BID, feeOf, fund, gigOf, hire, postings, wallet } from './testing/escrow-fixtures';

/**
 * Escrow's timers and disputes (issue 27, decision 060): 14 days of silence after a delivery
 * release the money (warned 48 hours before, with a mail), either side disputes a milestone into
 * the admins' queue, an admin releases, refunds through the gateway or splits, and a release
 * racing a refund moves the money once.
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

async function relogin(...who: Actor[]) {
  for (const a of who) a.cookie = await login(h, a.user.username);
}

/** A hired gig with its one milestone funded (and delivered when asked). */
async function funded(opts: { delivered?: boolean } = {}) {
  const poster = await actor(h);
  const talent = await actor(h, 'talent');
  const gig = await hire(h, poster, talent);
  const milestoneId = gig.milestones![0]!.id;
  const { paymentId, reference } = await fund(h, poster, milestoneId);
  if (opts.delivered) {
    const res = await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, { note: 'All done' });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { poster, talent, gigId: gig.id, milestoneId, paymentId, reference };
}

const resolve = (id: string, body: object) => as(h, admin)('POST', `/api/admin/milestones/${id}/resolve`, body);
const dispute = (who: Actor, id: string, reason = 'The files never arrived as agreed.') =>
  as(h, who)('POST', `/api/talent/milestones/${id}/dispute`, { reason });

describe('automatic release', () => {
  it('warns the poster 48 hours before and releases 14 days after the delivery, by the harness clock', async () => {
    const { poster, talent, gigId, milestoneId } = await funded({ delivered: true });
    h.clock.advance(12 * DAY_MS - 60_000);
    await h.jobs.runDue();
    await relogin(poster, talent);
    const early = (await as(h, poster)('GET', '/api/notifications')).json().notifications;
    expect(early.some((n: { title: string }) => n.title === 'Escrow releases in 48 hours')).toBe(false);
    h.clock.advance(2 * 60_000);
    await h.jobs.runDue();
    const warned = (await as(h, poster)('GET', '/api/notifications')).json().notifications;
    expect(warned.filter((n: { title: string }) => n.title === 'Escrow releases in 48 hours')).toHaveLength(1);
    const mail = await h.smtp.waitFor(poster.user.email);
    expect(mail.raw).toContain('Escrow releases in 48 hours');
    expect((await gigOf(h, poster, gigId)).milestones![0]!.status).toBe('submitted');

    h.clock.advance(2 * DAY_MS);
    await h.jobs.runDue();
    await relogin(poster, talent);
    const gig = await gigOf(h, poster, gigId);
    expect(gig.status).toBe('completed');
    expect(gig.milestones![0]!.status).toBe('released');
    expect(await wallet(h, talent)).toMatchObject({ availableMinor: BID - feeOf(h, BID) });
    expect(await wallet(h, poster)).toMatchObject({ heldMinor: 0 });
    expect(await postings(h, 'milestone_release', `milestone:${milestoneId}`)).toBe(1);
    // A job run again changes nothing.
    await h.jobs.runDue();
    expect(await postings(h, 'milestone_release', `milestone:${milestoneId}`)).toBe(1);
  });

  it('no release at 7 days with money held, and none after the poster asked for changes', async () => {
    const { poster, talent, gigId } = await funded({ delivered: true });
    h.clock.advance(7 * DAY_MS + 60_000);
    await h.jobs.runDue();
    await relogin(poster, talent);
    expect((await gigOf(h, poster, gigId)).status).toBe('delivered');
    await as(h, poster)('POST', `/api/talent/gigs/${gigId}/request-changes`, { note: 'One more pass' });
    h.clock.advance(8 * DAY_MS);
    await h.jobs.runDue();
    await relogin(poster);
    const gig = await gigOf(h, poster, gigId);
    expect(gig.status).toBe('in_progress');
    expect(gig.milestones![0]!.status).toBe('funded');
    const notices = (await as(h, poster)('GET', '/api/notifications')).json().notifications;
    expect(notices.some((n: { title: string }) => n.title === 'Escrow releases in 48 hours')).toBe(false);
  });
});

describe('disputes', () => {
  it('either side disputes money in escrow into the admins’ queue; nobody else can', async () => {
    const { poster, talent, gigId, milestoneId } = await funded();
    const stranger = await actor(h);
    expect((await dispute(stranger, milestoneId)).statusCode).toBe(404);
    expect((await dispute(talent, milestoneId, 'short')).statusCode).toBe(400);
    const res = await dispute(talent, milestoneId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().milestones[0]).toMatchObject({ status: 'disputed', actions: [] });
    expect(res.json().escrow.next).toContain('is with the team');
    expect((await dispute(poster, milestoneId)).statusCode).toBe(409);
    const queue = (await as(h, admin)('GET', '/api/admin/queues/disputes')).json();
    const item = queue.items.find((i: { id: string }) => i.id === gigId);
    expect(item.summary).toContain('The files never arrived as agreed.');
    expect(item.evidence.milestones[0]).toMatchObject({ id: milestoneId, status: 'disputed' });
    expect((await gigOf(h, admin, gigId)).milestones![0]!.actions).toEqual(['resolve']);
  });

  it('an admin refunds it to the poster’s payment through the gateway, with the reason both read', async () => {
    const { poster, talent, gigId, milestoneId, paymentId, reference } = await funded({ delivered: true });
    await dispute(poster, milestoneId);
    expect((await gigOf(h, poster, gigId)).status).toBe('disputed');
    expect((await resolve(milestoneId, { outcome: 'refund' })).statusCode).toBe(400);
    const res = await resolve(milestoneId, { outcome: 'refund', reason: 'Nothing usable was delivered.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().milestones[0]).toMatchObject({ status: 'refunded' });
    expect(res.json().escrow).toMatchObject({ heldMinor: 0, refundedMinor: BID, releasedMinor: 0 });
    expect(await wallet(h, poster)).toMatchObject({ heldMinor: 0 });
    expect(await wallet(h, talent)).toMatchObject({ availableMinor: 0 });
    const db = h.app.database.db;
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.refundedMinor).toBe(BID);
    const [session] = await db.select().from(testGatewaySessions).where(eq(testGatewaySessions.reference, reference));
    expect(session!.refundedMinor).toBe(BID);
    for (const who of [poster, talent]) {
      const notices = (await as(h, who)('GET', '/api/notifications')).json().notifications;
      const decided = notices.find((n: { title: string }) => n.title === 'Dispute decided');
      expect(decided.message).toContain('Nothing usable was delivered.');
    }
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'milestone.refund'), eq(adminAuditLog.targetId, milestoneId)));
    expect(audit).toHaveLength(1);
    expect((await resolve(milestoneId, { outcome: 'release', reason: 'Again' })).statusCode).toBe(409);
    // The gig's own dispute is decided once its money is.
    const decided = await as(h, admin)('POST', `/api/admin/queues/disputes/items/${gigId}/actions`, {
      action: 'cancel',
      note: 'Refunded.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
  });

  it('an admin releases it, or splits it: the talent’s share less its fee, the rest refunded', async () => {
    const one = await funded();
    await dispute(one.talent, one.milestoneId);
    expect(
      (await resolve(one.milestoneId, { outcome: 'release', reason: 'The work matches the brief.' })).statusCode,
    ).toBe(200);
    expect(await wallet(h, one.talent)).toMatchObject({ availableMinor: BID - feeOf(h, BID) });
    expect(await wallet(h, one.poster)).toMatchObject({ heldMinor: 0 });

    const two = await funded();
    await dispute(two.poster, two.milestoneId);
    for (const talentMinor of [0, BID, BID + 1])
      expect((await resolve(two.milestoneId, { outcome: 'split', talentMinor, reason: 'Half done.' })).statusCode).toBe(
        400,
      );
    const share = 2_000_000;
    const res = await resolve(two.milestoneId, { outcome: 'split', talentMinor: share, reason: 'Half done.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().escrow).toMatchObject({ releasedMinor: share, refundedMinor: BID - share, heldMinor: 0 });
    const shareFee = Math.round((share * feeOf(h, BID)) / BID);
    expect(await wallet(h, two.talent)).toMatchObject({ availableMinor: share - shareFee });
    expect(await wallet(h, two.poster)).toMatchObject({ heldMinor: 0 });
    const [payment] = await h.app.database.db.select().from(payments).where(eq(payments.id, two.paymentId));
    expect(payment!.refundedMinor).toBe(BID - share);
    expect(await postings(h, 'escrow_refund', '%')).toBeGreaterThan(0);
  });

  it('asks for the admin’s password again after 15 minutes, as the other money routes do', async () => {
    const { talent, milestoneId } = await funded();
    await dispute(talent, milestoneId);
    h.clock.advance(16 * 60_000);
    const res = await resolve(milestoneId, { outcome: 'release', reason: 'Fine.' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CONFIRMATION_REQUIRED');
    admin.cookie = await adminLogin(h, admin.user.email);
  });

  it('a release racing an admin refund: exactly one moves the money, round after round', async () => {
    for (let round = 0; round < 4; round++) {
      const { poster, talent, gigId, milestoneId } = await funded({ delivered: true });
      const [accepted, refunded] = await Promise.all([
        as(h, poster)('POST', `/api/talent/gigs/${gigId}/accept-delivery`),
        resolve(milestoneId, { outcome: 'refund', reason: 'Refund it.' }),
      ]);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const releases = await postings(h, 'milestone_release', `milestone:${milestoneId}`);
      const status = (await gigOf(h, poster, gigId)).milestones![0]!.status;
      if (refunded.statusCode === 200) {
        expect([releases, status]).toEqual([0, 'refunded']);
        expect(await wallet(h, talent)).toMatchObject({ availableMinor: 0 });
      } else {
        expect(refunded.statusCode, refunded.body).toBe(409);
        expect([releases, status]).toEqual([1, 'released']);
        expect(await wallet(h, talent)).toMatchObject({ availableMinor: BID - feeOf(h, BID) });
      }
      expect(await wallet(h, poster)).toMatchObject({ heldMinor: 0 });
    }
  });
});
