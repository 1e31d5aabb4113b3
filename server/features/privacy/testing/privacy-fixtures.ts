import { expect } from 'vitest';
import { as, actor, makeCourse, readLesson } from '#server/features/courses/testing/course-fixtures';
import { buy, sale } from '#server/features/payments/testing/payment-fixtures';
import {
  applicationInput,
  makeMentor,
  makePlan,
  planInput,
} from '#server/features/mentorship/testing/mentorship-fixtures';
import { pngImage } from '#server/features/uploads/testing/images';
import { multipart } from '#server/features/uploads/testing/upload-requests';
import type { Harness } from '#server/test/harness';
import { jobsLife } from '#server/features/jobs/testing/job-fixtures';

/** yyyy-mm-dd of a birthday that makes someone `years` old on the harness clock, `daysPast` days after that birthday. */
export function bornYearsAgo(h: Harness, years: number, daysPast = 10): string {
  const now = h.clock.now;
  const d = new Date(
    Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()) - daysPast * 86_400_000,
  );
  return d.toISOString().slice(0, 10);
}

/**
 * A member with something in every area that exists: a session, a failed sign-in, a reset link,
 * notifications (theirs, and a sale notice naming them in their tutor's), a paid course half done
 * with a review and a refund request, a free course completed with its certificate, a course of
 * their own, an uploaded image and a mail preference.
 */
export async function memberWithALife(h: Harness) {
  const admin = await actor(h, 'admin');
  const member = await actor(h, 'tutor');
  const shop = await sale(h, admin);
  const { paymentId } = await buy(h, { buyer: member, courseId: shop.courseId });
  const call = as(h, member);
  await readLesson(h, member.user, shop.courseId, shop.lessonIds[0]!);
  expect(
    (await call('PUT', `/api/courses/${shop.courseId}/review`, { rating: 4, text: 'Clear lessons, good pace.' }))
      .statusCode,
  ).toBe(200);
  expect(
    (await call('POST', `/api/payments/${paymentId}/refund-request`, { reason: 'The second half is not what I need.' }))
      .statusCode,
  ).toBe(201);
  const free = await makeCourse(h, shop.tutor.user, { admin: admin.user, lessons: 1 });
  expect((await call('POST', `/api/courses/${free.id}/enroll`)).statusCode).toBeLessThan(300);
  expect((await readLesson(h, member.user, free.id, free.lessonIds[0]!)).completedAt).not.toBeNull();
  const own = await makeCourse(h, member.user, { status: 'draft' });
  const image = multipart(await pngImage(64, 64), 'me.png');
  const uploaded = await h.app.inject({
    method: 'POST',
    url: '/api/uploads?kind=image',
    payload: image.payload,
    headers: { ...image.headers, cookie: member.cookie },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  expect(
    (await call('PUT', '/api/notifications/preferences', { preferences: [{ type: 'chat_message', email: false }] }))
      .statusCode,
  ).toBe(200);
  await h.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: member.user.username, password: 'not-the-password' },
  });
  await h.app.inject({ method: 'POST', url: '/api/request-password-reset', payload: { email: member.user.email } });
  await jobsLife(h, member);
  // Mentorship: an approved mentor with a plan, and a mentee of another mentor.
  expect(
    (await call('POST', '/api/mentorship/applications', applicationInput({ makePrimary: false }))).statusCode,
  ).toBe(201);
  const [application] = (await h.services.mentorship.applications.mine(member.user)).applications;
  await h.services.mentorship.applications.decide(admin.user, application!.id, { decision: 'approve' });
  expect((await call('POST', '/api/mentor/plans', planInput())).statusCode).toBe(201);
  const otherMentor = await makeMentor(h, admin);
  const freePlan = await makePlan(h, otherMentor, { priceMinor: 0 });
  expect((await call('POST', `/api/mentor/plans/${freePlan.id}/subscribe`)).statusCode).toBe(201);
  await h.jobs.runDue();
  return {
    admin,
    member,
    shop,
    paymentId,
    ownCourseId: own.id,
    freeCourseId: free.id,
    uploadId: (uploaded.json() as { id: string }).id,
  };
}
