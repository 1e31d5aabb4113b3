import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, login, type Harness } from '#server/test/harness';
import { adminAuditLog } from '#server/lib/audit/audit.table';
import { enrolments, lessonCompletions } from '../courses/learning/course-learning.table';
import { actor, as, readLesson, type Actor } from '../courses/testing/course-fixtures';
import { CHECKOUT_REUSE_MS } from './payments.policy';
import { payments, testGatewaySessions } from './payments.table';
import { PRICE, buy, checkout, sale, type Sale } from './testing/payment-fixtures';

/**
 * Refunds (docs/spec.md §1: within 7 days): the learner asks, an admin decides; approval refunds
 * through the payment's gateway, ends the enrolment and tells both sides. The harness clock
 * stands in for the days passing.
 */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());
afterEach(() => h.clock.reset());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REASON = { reason: 'The course was not what I expected from the summary.' };

const ask = (who: Actor | null, paymentId: string, body: object = REASON) =>
  as(h, who)('POST', `/api/payments/${paymentId}/refund-request`, body);
const decide = (who: Actor | null, id: string, body: object) =>
  as(h, who)('POST', `/api/admin/refund-requests/${id}/decision`, body);
const purchases = async (who: Actor) =>
  (await as(h, who)('GET', '/api/user/payments')).json().purchases as Array<Record<string, unknown>>;
const enrolled = async (s: Sale) =>
  (
    await h.app.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, s.buyer.user.id), eq(enrolments.courseId, s.courseId)))
  ).length;
/** Sessions last hours, not days: after the clock jumps, the buyer signs in again. */
const relogin = async (who: Actor) => {
  who.cookie = await login(h, who.user.username);
};
const latest = async (who: Actor) => (await as(h, who)('GET', '/api/notifications')).json().notifications[0];

/** A purchase with a pending refund request: answers the sale, the payment and the request's id. */
async function requested(opts: Parameters<typeof sale>[2] = {}) {
  const s = await sale(h, admin, opts);
  const { paymentId, reference } = await buy(h, s);
  const res = await ask(s.buyer, paymentId);
  expect(res.statusCode, res.body).toBe(201);
  return { s, paymentId, reference, requestId: res.json().refund.id as string };
}

describe('asking for a refund', () => {
  it('is accepted 6 days 23 hours after paying, and refused 7 days 1 hour after', async () => {
    const s = await sale(h, admin);
    const { paymentId } = await buy(h, s);
    const paidAt = h.clock.now;
    const [listed] = await purchases(s.buyer);
    expect(listed).toMatchObject({
      id: paymentId,
      status: 'paid',
      amountMinor: PRICE,
      gateway: 'test',
      refund: null,
      refundableUntil: new Date(paidAt.getTime() + 7 * DAY).toISOString(),
    });
    expect(listed!.item).toEqual({
      kind: 'course',
      id: s.courseId,
      title: 'Bookkeeping for small businesses',
      link: `/courses/course-detail/${s.courseId}`,
    });

    h.clock.advance(6 * DAY + 23 * HOUR);
    await relogin(s.buyer);
    const res = await ask(s.buyer, paymentId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: paymentId,
      status: 'paid',
      refundableUntil: null,
      refund: { status: 'pending', reason: REASON.reason, decisionNote: null, decidedAt: null },
    });
    expect((await purchases(s.buyer))[0]).toMatchObject({ refundableUntil: null, refund: { status: 'pending' } });

    const dup = await ask(s.buyer, paymentId);
    expect([dup.statusCode, dup.json()]).toEqual([
      409,
      { error: 'You have already asked for a refund of this payment.', code: 'CONFLICT' },
    ]);

    const late = await sale(h, admin);
    const second = await buy(h, late);
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Africa/Lagos',
    }).format(h.clock.now);
    h.clock.advance(7 * DAY + HOUR);
    await relogin(late.buyer);
    expect((await purchases(late.buyer))[0]).toMatchObject({
      refundableUntil: null,
      refundBlockedReason: expect.stringMatching(/^Refunds can be requested within 7 days/),
    });
    const refused = await ask(late.buyer, second.paymentId);
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        error: `Refunds can be requested within 7 days of payment. This payment was made on ${day}, so it can no longer be refunded.`,
        code: 'BAD_REQUEST',
      },
    ]);
  });

  it("hides other people's payments, and needs a reason and a session", async () => {
    const s = await sale(h, admin);
    const { paymentId } = await buy(h, s);
    const other = await actor(h, 'student');
    expect((await ask(other, paymentId)).statusCode).toBe(404);
    expect((await ask(s.tutor, paymentId)).statusCode).toBe(404);
    expect((await ask(null, paymentId)).statusCode).toBe(401);
    const short = await ask(s.buyer, paymentId, { reason: 'no' });
    expect([short.statusCode, short.json().fields]).toEqual([400, { reason: 'Tell us why in at least 10 characters' }]);
    expect((await ask(s.buyer, 'not-a-uuid')).statusCode).toBe(400);
    expect(await purchases(other)).toEqual([]);
  });

  it('is refused once the course was completed and its certificate issued', async () => {
    const s = await sale(h, admin, { lessons: 1 });
    const { paymentId } = await buy(h, s);
    await readLesson(h, s.buyer.user, s.courseId, s.lessonIds[0]!);
    expect((await purchases(s.buyer))[0]).toMatchObject({
      refundableUntil: null,
      refundBlockedReason: 'You completed this course and received its certificate, so it can no longer be refunded.',
    });
    const res = await ask(s.buyer, paymentId);
    expect([res.statusCode, res.json().error]).toEqual([
      400,
      'You completed this course and received its certificate, so it can no longer be refunded.',
    ]);
  });
});

describe('deciding a refund', () => {
  it('is for administrators only', async () => {
    const { s, requestId } = await requested();
    for (const [who, status] of [
      [null, 401],
      [s.buyer, 403],
      [s.tutor, 403],
    ] as const) {
      expect((await decide(who, requestId, { decision: 'approve' })).statusCode).toBe(status);
      expect((await as(h, who)('GET', '/api/admin/refund-requests')).statusCode).toBe(status);
    }
  });

  it('lists pending requests with the payment, the item and both people', async () => {
    const { s, paymentId, requestId } = await requested();
    const list = (await as(h, admin)('GET', '/api/admin/refund-requests')).json().refundRequests;
    expect(list.find((r: { id: string }) => r.id === requestId)).toMatchObject({
      status: 'pending',
      reason: REASON.reason,
      payment: {
        id: paymentId,
        amountMinor: PRICE,
        currency: 'NGN',
        gateway: 'test',
        status: 'paid',
        item: { kind: 'course', id: s.courseId },
      },
      learner: { id: s.buyer.user.id, username: s.buyer.user.username, fullName: s.buyer.user.fullName },
      payee: { id: s.tutor.user.id, fullName: s.tutor.user.fullName },
    });
    expect(
      (await as(h, admin)('GET', '/api/admin/refund-requests?status=approved'))
        .json()
        .refundRequests.some((r: { id: string }) => r.id === requestId),
    ).toBe(false);
  });

  it('approves: the gateway refunds, the enrolment ends, both are told, an audit row is written, progress is kept', async () => {
    const { s, paymentId, reference, requestId } = await requested({ lessons: 2, preview: false });
    await readLesson(h, s.buyer.user, s.courseId, s.lessonIds[0]!);
    const res = await decide(admin, requestId, { decision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: requestId,
      status: 'approved',
      decidedAt: expect.any(String),
      payment: { id: paymentId, status: 'refunded' },
    });

    expect(await enrolled(s)).toBe(0);
    expect((await as(h, s.buyer)('GET', `/api/courses/${s.courseId}/content`)).statusCode).toBe(403);
    expect((await as(h, s.buyer)('GET', `/api/courses/${s.courseId}`)).json()).toMatchObject({
      enrolmentCount: 0,
      viewer: { enrolled: false },
    });
    const db = h.app.database.db;
    const [session] = await db.select().from(testGatewaySessions).where(eq(testGatewaySessions.reference, reference));
    expect(session!.refundedMinor).toBe(PRICE);
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'refunded', refundedAt: h.clock.now });
    expect(await latest(s.buyer)).toMatchObject({
      type: 'system_update',
      title: 'Refund approved',
      link: '/courses/student',
    });
    expect(await latest(s.tutor)).toMatchObject({
      type: 'system_update',
      title: 'A sale was refunded',
      message: expect.stringContaining(s.buyer.user.fullName),
    });
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, `refund_request:${requestId}`));
    expect(audit).toMatchObject({
      adminId: admin.user.id,
      action: 'refund.approved',
      details: { paymentId, amountMinor: PRICE, currency: 'NGN', gatewayRefundId: `test_refund_${requestId}` },
    });
    expect((await purchases(s.buyer))[0]).toMatchObject({
      status: 'refunded',
      refundedMinor: PRICE,
      refundableUntil: null,
      refund: { status: 'approved' },
    });

    const again = await decide(admin, requestId, { decision: 'decline', note: 'Changed my mind' });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { error: 'This refund request was already decided.', code: 'CONFLICT' },
    ]);

    // Buying again brings the learner back where they were.
    await buy(h, s);
    expect(await enrolled(s)).toBe(1);
    expect((await as(h, s.buyer)('GET', `/api/courses/${s.courseId}/progress`)).json().completedLessonIds).toEqual([
      s.lessonIds[0],
    ]);
    const kept = await db.select().from(lessonCompletions).where(eq(lessonCompletions.userId, s.buyer.user.id));
    expect(kept).toHaveLength(1);
  });

  it('declines only with a note, tells the learner why, and leaves the enrolment', async () => {
    const { s, requestId } = await requested();
    const bare = await decide(admin, requestId, { decision: 'decline' });
    expect([bare.statusCode, bare.json().fields]).toEqual([
      400,
      { note: 'Tell the learner why the refund is declined' },
    ]);
    const res = await decide(admin, requestId, { decision: 'decline', note: 'You watched most of the course.' });
    expect(res.json()).toMatchObject({ status: 'declined', decisionNote: 'You watched most of the course.' });
    expect(await enrolled(s)).toBe(1);
    expect(await latest(s.buyer)).toMatchObject({
      type: 'system_update',
      title: 'Refund declined',
      message:
        'Your refund request for "Bookkeeping for small businesses" was declined: You watched most of the course.',
    });
    const [audit] = await h.app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, `refund_request:${requestId}`));
    expect(audit).toMatchObject({ action: 'refund.declined', details: { note: 'You watched most of the course.' } });
    expect((await decide(admin, requestId, { decision: 'approve' })).statusCode).toBe(409);
  });

  it('changes nothing when the gateway refuses the refund, and says so', async () => {
    const { s, reference, requestId } = await requested();
    // The gateway's side: the payment is no longer refundable there.
    await h.app.database.db
      .update(testGatewaySessions)
      .set({ status: 'cancelled' })
      .where(eq(testGatewaySessions.reference, reference));
    const res = await decide(admin, requestId, { decision: 'approve' });
    expect([res.statusCode, res.json().code]).toEqual([502, 'GATEWAY_UNAVAILABLE']);
    expect(res.json().error).toMatch(/Nothing was changed/);
    expect(await enrolled(s)).toBe(1);
    expect(
      (await as(h, admin)('GET', '/api/admin/refund-requests'))
        .json()
        .refundRequests.some((r: { id: string }) => r.id === requestId),
    ).toBe(true);
  });

  it('cannot approve once the learner completed the course after asking', async () => {
    const { s, requestId } = await requested({ lessons: 1 });
    await readLesson(h, s.buyer.user, s.courseId, s.lessonIds[0]!);
    const res = await decide(admin, requestId, { decision: 'approve' });
    expect([res.statusCode, res.json().error]).toEqual([
      400,
      expect.stringMatching(/can no longer be refunded \(the learner was told: "You completed this course/),
    ]);
    expect(await enrolled(s)).toBe(1);
    expect(
      (await decide(admin, requestId, { decision: 'decline', note: 'The course was completed.' })).statusCode,
    ).toBe(200);
  });

  it('lets one of two racing decisions win, and refunds at the gateway only what was approved', async () => {
    for (const other of [{ decision: 'approve' }, { decision: 'decline', note: 'Declined in another tab.' }]) {
      const { s, reference, requestId } = await requested();
      const answers = await Promise.all([
        decide(admin, requestId, { decision: 'approve' }),
        decide(admin, requestId, other),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const [session] = await h.app.database.db
        .select()
        .from(testGatewaySessions)
        .where(eq(testGatewaySessions.reference, reference));
      const approved = answers.find((r) => r.statusCode === 200)!.json().status === 'approved';
      expect(session!.refundedMinor).toBe(approved ? PRICE : 0);
      expect(await enrolled(s)).toBe(approved ? 0 : 1);
    }
  });

  it('files the refund of a second payment for a course already held, and keeps the course when it is approved', async () => {
    const s = await sale(h, admin, { lessons: 1 });
    // Two tabs, two checkouts an hour apart (sooner, the second answers the first), both paid.
    const first = await checkout(h, s.buyer, s.courseId);
    await h.app.database.db
      .update(payments)
      .set({ createdAt: new Date(h.clock.now.getTime() - CHECKOUT_REUSE_MS) })
      .where(eq(payments.reference, first.sessionId));
    const second = await checkout(h, s.buyer, s.courseId);
    for (const ref of [first.sessionId, second.sessionId])
      expect((await as(h, s.buyer)('POST', `/api/payments/test-checkout/${ref}/pay`)).statusCode).toBe(200);
    expect(await enrolled(s)).toBe(1);
    expect(await latest(s.buyer)).toMatchObject({ type: 'system_update', title: 'You were charged twice' });
    const sales = (await as(h, s.tutor)('GET', '/api/notifications'))
      .json()
      .notifications.filter((n: { type: string }) => n.type === 'payment_received');
    expect(sales).toHaveLength(1);

    // The request is in the admins' queue already, and the buyer cannot (and need not) ask again.
    const [row] = await h.app.database.db.select().from(payments).where(eq(payments.reference, second.sessionId));
    const queue = (await as(h, admin)('GET', '/api/admin/refund-requests')).json().refundRequests as Array<{
      id: string;
      reason: string;
      payment: { id: string };
    }>;
    const filed = queue.find((r) => r.payment.id === row!.id)!;
    expect(filed.reason).toMatch(/^Charged twice: the buyer already had "Bookkeeping for small businesses"/);
    expect((await ask(s.buyer, row!.id)).statusCode).toBe(409);

    // Completing the course blocks refunds of a single purchase, not of the duplicate.
    await readLesson(h, s.buyer.user, s.courseId, s.lessonIds[0]!);
    expect((await decide(admin, filed.id, { decision: 'approve' })).statusCode).toBe(200);
    expect(await enrolled(s)).toBe(1);
    const [session] = await h.app.database.db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.reference, second.sessionId));
    expect(session!.refundedMinor).toBe(PRICE);
  });
});
