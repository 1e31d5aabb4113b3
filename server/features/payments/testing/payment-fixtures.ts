import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Harness } from '#server/test/harness';
import { enrolments } from '#server/features/courses/learning/course-learning.table';
import { actor, as, makeCourse, type Actor } from '#server/features/courses/testing/course-fixtures';
import { notifications } from '#server/features/notifications/notifications.table';
import { payments } from '../payments.table';

/** Test helpers for the payments suites: a paid course, and a purchase made the way a buyer makes it. */
export const PRICE = 1_500_000;

export interface Sale {
  tutor: Actor;
  buyer: Actor;
  courseId: string;
  lessonIds: string[];
}

/** A fresh tutor with a published paid course and a buyer who has bought nothing yet. */
export async function sale(
  h: Harness,
  admin: Actor,
  opts: { priceMinor?: number; currency?: 'NGN' | 'USD'; lessons?: number; preview?: boolean; tutor?: Actor } = {},
): Promise<Sale> {
  const tutor = opts.tutor ?? (await actor(h, 'tutor'));
  const course = await makeCourse(h, tutor.user, {
    admin: admin.user,
    lessons: opts.lessons,
    preview: opts.preview,
    input: {
      title: 'Bookkeeping for small businesses',
      priceMinor: opts.priceMinor ?? PRICE,
      currency: opts.currency ?? 'NGN',
    },
  });
  return { tutor, buyer: await actor(h, 'student'), courseId: course.id, lessonIds: course.lessonIds };
}

export async function checkout(h: Harness, buyer: Actor, courseId: string) {
  const res = await as(h, buyer)('POST', `/api/course-payments/courses/${courseId}/checkout`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; gateway: string; sessionId: string };
}

export const verify = (h: Harness, buyer: Actor | null, courseId: string, transactionId: string, gateway = 'test') =>
  as(h, buyer)('POST', `/api/course-payments/courses/${courseId}/payment/verify`, { gateway, transactionId });

export const payTest = (h: Harness, buyer: Actor | null, reference: string) =>
  as(h, buyer)('POST', `/api/payments/test-checkout/${reference}/pay`);

/** Checkout and "Pay now" on the test gateway's page: answers the payment's id and reference. */
export async function buy(h: Harness, s: Pick<Sale, 'buyer' | 'courseId'>) {
  const { sessionId } = await checkout(h, s.buyer, s.courseId);
  const paid = await payTest(h, s.buyer, sessionId);
  expect(paid.statusCode, paid.body).toBe(200);
  const [row] = await h.app.database.db.select().from(payments).where(eq(payments.reference, sessionId));
  return { paymentId: row!.id, reference: sessionId };
}

/** What a sale left behind: the enrolment, paid payments and the two notifications. */
export async function books(h: Harness, s: Pick<Sale, 'tutor' | 'buyer' | 'courseId'>) {
  const db = h.app.database.db;
  const n = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0]!.n);
  const notices = (userId: string, type: 'course_purchase' | 'payment_received') =>
    n(
      db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, type))),
    );
  return {
    enrolments: await n(
      db
        .select({ n: count() })
        .from(enrolments)
        .where(and(eq(enrolments.userId, s.buyer.user.id), eq(enrolments.courseId, s.courseId))),
    ),
    paid: await n(
      db
        .select({ n: count() })
        .from(payments)
        .where(
          and(eq(payments.buyerId, s.buyer.user.id), eq(payments.itemId, s.courseId), eq(payments.status, 'paid')),
        ),
    ),
    purchaseNotices: await notices(s.buyer.user.id, 'course_purchase'),
    saleNotices: await notices(s.tutor.user.id, 'payment_received'),
  };
}

export const ONCE = { enrolments: 1, paid: 1, purchaseNotices: 1, saleNotices: 1 };
export const NOTHING = { enrolments: 0, paid: 0, purchaseNotices: 0, saleNotices: 0 };
