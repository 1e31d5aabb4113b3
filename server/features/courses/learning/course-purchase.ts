import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { formatMoney } from '#shared/money';
import { cancelPath, successPath, type TPurchaseItem } from '#shared/payments/payments.schemas';
import type { PurchaseKind, Quote } from '#server/features/payments';
import { visibleCourse } from '../course-access';
import { learningRepo } from './course-learning.repo';
import { can } from '../courses.policy';
import { coursesRepo } from '../catalogue/courses.repo';

const courseLink = (id: string) => `/courses/course-detail/${id}`;
const itemOf = (id: string, title: string): TPurchaseItem => ({ kind: 'course', id, title, link: courseLink(id) });

/**
 * A course as something to buy (purchase-kinds.ts): payments runs the checkout, the gateway and
 * the refund; the course decides who may buy it, at what price, and what buying gives.
 */
export const coursePurchase: PurchaseKind = {
  kind: 'course',

  async quote(buyer: TUser, courseId: string, tx: DbOrTx): Promise<Quote> {
    // A course the buyer may not see is a 404, exactly as on the course page.
    const { course, enrolment, facts } = await visibleCourse(tx, buyer, courseId);
    if (buyer.id === course.tutorId) throw new AppError('FORBIDDEN', 'You teach this course: you cannot buy it.');
    if (buyer.role === 'admin') throw new AppError('FORBIDDEN', 'Administrators do not buy courses.');
    if (enrolment) throw new AppError('CONFLICT', 'You are already enrolled in this course.');
    if (!can(buyer, 'enrol', facts)) throw new AppError('BAD_REQUEST', 'This course is not open for enrolment.');
    if (course.priceMinor <= 0) throw new AppError('BAD_REQUEST', 'This course is free: enrol instead of buying it.');
    return {
      item: itemOf(course.id, course.title),
      amountMinor: course.priceMinor,
      currency: course.currency,
      payeeId: course.tutorId,
      successPath: successPath(course.id),
      cancelPath: cancelPath(course.id),
    };
  },

  async grant(tx: DbOrTx, buyerId: string, courseId: string): Promise<boolean> {
    if (!(await learningRepo.insertEnrolment(tx, buyerId, courseId, 'purchase'))) return false;
    await coursesRepo.addEnrolments(tx, courseId, 1);
    return true;
  },

  pages: { buyer: '/courses/student', payee: '/courses/tutor' },

  refreshKeys: (courseId) => ({
    buyer: [['/api/user/enrollments'], ['/api/user/payments'], ['/api/courses', courseId]],
    payee: [['/api/tutor/revenue'], ['/api/tutor/courses']],
  }),

  async revoke(tx: DbOrTx, buyerId: string, courseId: string): Promise<void> {
    if (await learningRepo.deleteEnrolment(tx, buyerId, courseId)) await coursesRepo.addEnrolments(tx, courseId, -1);
  },

  /** The certificate is issued when the course is completed: the learner has had all of it. */
  async refundBlocker(tx: DbOrTx, buyerId: string, courseId: string): Promise<string | null> {
    const enrolment = await learningRepo.findEnrolment(tx, buyerId, courseId);
    return enrolment?.completedAt
      ? 'You completed this course and received its certificate, so it can no longer be refunded.'
      : null;
  },

  async describe(db: DbOrTx, courseIds: string[]): Promise<Map<string, TPurchaseItem>> {
    const found = new Map((await learningRepo.courseTitles(db, [...new Set(courseIds)])).map((c) => [c.id, c.title]));
    return new Map(courseIds.map((id) => [id, itemOf(id, found.get(id) ?? 'A course no longer available')]));
  },

  purchaseNotices(item, amount, buyerName) {
    const paid = formatMoney(amount.grossMinor, amount.currency);
    // formatMoney says "Free" for zero, which a share of a sale under a 100 % fee is not.
    const share = amount.netMinor > 0 ? formatMoney(amount.netMinor, amount.currency) : 'nothing';
    return {
      buyer: {
        type: 'course_purchase',
        title: 'Enrolment confirmed',
        message: `You bought "${item.title}" for ${paid}. You can start learning now.`,
        link: `/courses/${item.id}/learn`,
      },
      payee: {
        type: 'payment_received',
        title: 'You made a sale',
        message: `${buyerName} bought "${item.title}" for ${paid}; your share is ${share} after the platform fee.`,
        link: '/courses/tutor',
      },
    };
  },
};
