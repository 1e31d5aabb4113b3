import { expect } from 'vitest';
import { actor, as, makeCourse, readLesson, type Actor } from '#server/features/courses/testing/course-fixtures';
import { buy, checkout, sale } from '#server/features/payments/testing/payment-fixtures';
import type { Harness } from '../harness';
import type { KnownValues } from './schema-arbitraries';

export interface FuzzWorld {
  admin: Actor;
  member: Actor;
  known: KnownValues;
}

/**
 * A small platform for the fuzz to walk through: the signed-in member is a tutor with a draft
 * and a published course and a learner who bought a course (a paid payment with a refund
 * request, and a checkout left open on the test gateway), finished a free one (a certificate)
 * and has notifications. Their ids are what the fuzz's uuids and names are drawn from.
 */
export async function buildFuzzWorld(h: Harness): Promise<FuzzWorld> {
  const admin = await actor(h, 'admin');
  const member = await actor(h, 'tutor');
  const own = await makeCourse(h, member.user, { admin: admin.user });
  const draft = await makeCourse(h, member.user, { status: 'draft' });

  const other = await actor(h, 'tutor');
  const bought = await sale(h, admin, { tutor: other });
  const purchase = await buy(h, { buyer: member, courseId: bought.courseId });
  const refund = await as(h, member)('POST', `/api/payments/${purchase.paymentId}/refund-request`, {
    reason: 'The course was not what I expected from the summary.',
  });
  expect(refund.statusCode, refund.body).toBe(201);
  const open = await checkout(h, member, (await sale(h, admin, { tutor: other })).courseId);

  const free = await makeCourse(h, other.user, { admin: admin.user, lessons: 1 });
  expect((await as(h, member)('POST', `/api/courses/${free.id}/enroll`)).statusCode).toBeLessThan(300);
  const done = await readLesson(h, member.user, free.id, free.lessonIds[0]!);
  const certificate = done.certificateCode!;
  expect(certificate).toBeTruthy();

  const notifications = (await as(h, member)('GET', '/api/notifications'))
    .json()
    .notifications.map((n: { id: string }) => n.id) as string[];
  const courseIds = [own.id, draft.id, bought.courseId, free.id];
  const references = [open.sessionId, purchase.reference];
  const refundId = refund.json().refund.id as string;
  const sectionIds = [own.sectionId, draft.sectionId];
  const lessonIds = [...own.lessonIds, ...draft.lessonIds, ...bought.lessonIds, ...free.lessonIds];
  return {
    admin,
    member,
    known: {
      uuids: [...courseIds, ...sectionIds, ...lessonIds, purchase.paymentId, refundId, ...notifications],
      byName: {
        id: [...courseIds, ...notifications, refundId],
        courseId: courseIds,
        sectionId: sectionIds,
        lessonId: lessonIds,
        paymentId: [purchase.paymentId],
        reference: references,
        transactionId: references,
        code: [certificate],
        username: [member.user.username, admin.user.username],
        email: [member.user.email, admin.user.email],
      },
    },
  };
}
