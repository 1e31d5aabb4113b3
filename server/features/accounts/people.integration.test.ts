import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, makeCourse, type Actor } from '../courses/testing/course-fixtures';
import { notifications } from '../notifications/notifications.table';
import { buy, sale } from '../payments/testing/payment-fixtures';
import { accountsRepo } from './accounts.repo';
import { FORMER_MEMBER } from './person';

/**
 * The person display rule (decision 013) through the real HTTP stack: a member whose suspension
 * closes `profile_hidden`, or whose account is deleted, is named nowhere another member or a
 * visitor looks (course cards, course pages, reviews, notifications, payments), and still
 * shown to themselves and to admins.
 */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());
afterEach(() => h.clock.reset());

const DAY = 24 * 3_600_000;
const FORMER = { username: '', fullName: FORMER_MEMBER, avatarUrl: null };

const hide = (user: TUser, endsAt: Date | null = null) =>
  h.services.accounts.suspend(user.id, { reason: 'Repeated harassment', restrictions: ['profile_hidden'], endsAt });
const markDeleted = (user: TUser) => accountsRepo.update(h.app.database.db, user.id, { deletedAt: h.clock.now });
const personSeenBy = (user: TUser, viewer: TUser | null) => h.services.accounts.person(user.id, viewer);
const get = async (who: Actor | null, url: string) => {
  const res = await as(h, who)('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('the rule, as the database answers it', () => {
  it('hides a member while a suspension closing profile_hidden is in force, from everyone but them and admins', async () => {
    const ada = await actor(h, 'tutor');
    const ben = await actor(h, 'student');
    const named = { id: ada.user.id, username: ada.user.username, fullName: ada.user.fullName };
    expect(await personSeenBy(ada.user, null)).toMatchObject(named);

    await h.services.accounts.suspend(ada.user.id, { reason: 'Spam in chat', restrictions: ['chat'] });
    expect(await personSeenBy(ada.user, ben.user)).toMatchObject(named);

    await hide(ada.user, new Date(h.clock.now.getTime() + DAY));
    expect(await personSeenBy(ada.user, null)).toEqual({ id: ada.user.id, ...FORMER });
    expect(await personSeenBy(ada.user, ben.user)).toEqual({ id: ada.user.id, ...FORMER });
    expect(await personSeenBy(ada.user, ada.user)).toMatchObject(named);
    expect(await personSeenBy(ada.user, admin.user)).toMatchObject(named);

    h.clock.advance(2 * DAY);
    expect(await personSeenBy(ada.user, ben.user)).toMatchObject(named);

    await hide(ada.user);
    expect(await personSeenBy(ada.user, ben.user)).toMatchObject(FORMER);
    await h.services.accounts.lift(ada.user.id);
    expect(await personSeenBy(ada.user, ben.user)).toMatchObject(named);
  });

  it('shows a deleted account as a former member and reaches it no more', async () => {
    const gone = await actor(h, 'student');
    const staying = await actor(h, 'student');
    await markDeleted(gone.user);
    expect(await personSeenBy(gone.user, staying.user)).toEqual({ id: gone.user.id, ...FORMER });
    expect(await personSeenBy(gone.user, admin.user)).toMatchObject({ fullName: gone.user.fullName });

    const res = await as(h, admin)('POST', '/api/admin/broadcasts', {
      title: 'Exams week',
      message: 'Good luck',
      audience: 'student',
    });
    expect(res.statusCode, res.body).toBe(201);
    await h.jobs.runDue();
    const received = async (user: TUser) =>
      (
        await h.app.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, user.id), eq(notifications.title, 'Exams week')))
      ).length;
    expect(await received(staying.user)).toBe(1);
    expect(await received(gone.user)).toBe(0);
  });
});

describe('courses', () => {
  it("names a hidden tutor on no card, page or enrolment of another member's, and to the tutor and admins still", async () => {
    const tutor = await actor(h, 'tutor');
    const learner = await actor(h, 'student');
    const course = await makeCourse(h, tutor.user, { admin: admin.user, input: { title: 'Pricing handmade goods' } });
    expect((await as(h, learner)('POST', `/api/courses/${course.id}/enroll`)).statusCode).toBeLessThan(300);
    await hide(tutor.user);

    const cardOf = (body: { courses: Array<{ id: string; tutor: object }> }) =>
      body.courses.find((c) => c.id === course.id)!;
    for (const who of [null, learner]) {
      const catalogue = await get(who, '/api/courses?pageSize=50');
      expect(cardOf(catalogue.json()).tutor).toEqual({ id: tutor.user.id, ...FORMER });
      expect(catalogue.body).not.toContain(tutor.user.fullName);
      const page = await get(who, `/api/courses/${course.id}`);
      expect(page.json().tutor).toEqual({ id: tutor.user.id, ...FORMER });
      expect(page.body).not.toContain(tutor.user.username);
    }
    const enrolments = await get(learner, '/api/user/enrollments');
    expect(enrolments.json().enrollments[0].course.tutor).toEqual({ id: tutor.user.id, ...FORMER });
    expect(enrolments.body).not.toContain(tutor.user.fullName);

    expect(cardOf((await get(tutor, '/api/tutor/courses')).json()).tutor).toMatchObject({
      fullName: tutor.user.fullName,
    });
    expect((await get(admin, `/api/courses/${course.id}`)).json().tutor).toMatchObject({
      fullName: tutor.user.fullName,
      username: tutor.user.username,
    });
    expect(cardOf((await get(admin, '/api/courses?pageSize=50')).json()).tutor).toMatchObject({
      fullName: tutor.user.fullName,
    });
  });

  it('shows the review of a hidden learner as a former member’s, and theirs to themselves', async () => {
    const tutor = await actor(h, 'tutor');
    const reviewer = await actor(h, 'student');
    const course = await makeCourse(h, tutor.user, { admin: admin.user });
    await as(h, reviewer)('POST', `/api/courses/${course.id}/enroll`);
    expect(
      (await as(h, reviewer)('PUT', `/api/courses/${course.id}/review`, { rating: 4, text: 'Clear and practical' }))
        .statusCode,
    ).toBe(200);
    await hide(reviewer.user);

    const seen = await get(tutor, `/api/courses/${course.id}/reviews`);
    expect(seen.json().reviews[0].author).toEqual({ id: reviewer.user.id, fullName: FORMER_MEMBER });
    expect(seen.body).not.toContain(reviewer.user.fullName);
    const own = (await get(reviewer, `/api/courses/${course.id}/reviews`)).json();
    expect(own.mine.author.fullName).toBe(reviewer.user.fullName);
  });
});

describe('payments and notifications', () => {
  it("names a hidden buyer in none of the tutor's notices; the admin deciding the refund sees who asks", async () => {
    const s = await sale(h, admin);
    await hide(s.buyer.user);
    const { paymentId } = await buy(h, s);

    const notices = async () => await get(s.tutor, '/api/notifications?limit=50');
    const sold = (await notices()).json().notifications.find((n: { type: string }) => n.type === 'payment_received');
    expect(sold.message).toMatch(new RegExp(`^${FORMER_MEMBER} bought "Bookkeeping for small businesses"`));
    expect((await notices()).body).not.toContain(s.buyer.user.fullName);

    const asked = await as(h, s.buyer)('POST', `/api/payments/${paymentId}/refund-request`, {
      reason: 'The course was not what I expected from the summary.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().refund.id as string;
    const queue = (await get(admin, '/api/admin/refund-requests')).json().refundRequests;
    expect(queue.find((r: { id: string }) => r.id === requestId).learner).toEqual({
      id: s.buyer.user.id,
      username: s.buyer.user.username,
      fullName: s.buyer.user.fullName,
    });

    const decided = await as(h, admin)('POST', `/api/admin/refund-requests/${requestId}/decision`, {
      decision: 'approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const refunded = (await notices())
      .json()
      .notifications.find((n: { title: string }) => n.title === 'A sale was refunded');
    expect(refunded.message).toContain(`to ${FORMER_MEMBER} for`);
    expect((await notices()).body).not.toContain(s.buyer.user.fullName);
  });
});
