import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, makeCourse, type Actor } from '../courses/testing/course-fixtures';
import { payments as paymentsTable } from './payments.table';

/**
 * Who may call which payments route, as a table: every route, seven kinds of caller, each cell
 * on fresh data. "student" is the buyer of the purchase at hand, "tutor" the course's tutor,
 * "suspended" a member suspended from courses.
 */
let h: Harness;
const WHO = ['visitor', 'member', 'student', 'tutor', 'otherTutor', 'suspended', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;

beforeAll(async () => {
  h = await createHarness();
  people.visitor = null;
  people.member = await actor(h, 'general');
  people.student = await actor(h, 'student');
  people.tutor = await actor(h, 'tutor');
  people.otherTutor = await actor(h, 'mentor');
  people.suspended = await actor(h, 'student');
  people.admin = await actor(h, 'admin');
  await h.services.accounts.suspend(people.suspended.user.id, { reason: 'Chargebacks', restrictions: ['courses'] });
});
afterAll(() => h.close());

const student = () => people.student!.user;
const payments = () => h.services.payments;

/** A published paid course of "tutor". */
const paidCourse = async () =>
  (await makeCourse(h, people.tutor!.user, { admin: people.admin!.user, input: { priceMinor: 500_000 } })).id;
/** "student" has opened a checkout of a fresh paid course. */
async function opened() {
  const courseId = await paidCourse();
  return { courseId, reference: (await payments().checkout(student(), 'course', courseId)).sessionId };
}
/** "student" has bought a fresh paid course. */
async function bought() {
  const { courseId, reference } = await opened();
  await payments().testCheckout!.pay(student(), reference);
  const [row] = await h.app.database.db
    .select({ id: paymentsTable.id })
    .from(paymentsTable)
    .where(eq(paymentsTable.reference, reference));
  return { courseId, reference, paymentId: row!.id };
}
/** "student" has asked for a refund of a fresh purchase. */
async function asked() {
  const { paymentId } = await bought();
  return (await payments().requestRefund(student(), paymentId, { reason: 'Not what I expected at all.' })).refund!.id;
}

const rows: AuthzRow[] = [
  {
    route: 'POST /api/course-payments/courses/{id}/checkout',
    call: async () => ['POST', `/api/course-payments/courses/${await paidCourse()}/checkout`],
    expect: [401, 200, 200, 403, 200, 403, 403],
  },
  {
    route: 'POST /api/course-payments/courses/{id}/payment/verify',
    call: async () => {
      const { courseId, reference } = await bought();
      return [
        'POST',
        `/api/course-payments/courses/${courseId}/payment/verify`,
        { gateway: 'test', transactionId: reference },
      ];
    },
    expect: [401, 402, 200, 402, 402, 403, 402],
  },
  {
    route: 'GET /api/payments/test-checkout/{reference}',
    call: async () => ['GET', `/api/payments/test-checkout/${(await opened()).reference}`],
    expect: [401, 404, 200, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/payments/test-checkout/{reference}/pay',
    call: async () => ['POST', `/api/payments/test-checkout/${(await opened()).reference}/pay`],
    expect: [401, 404, 200, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/payments/test-checkout/{reference}/cancel',
    call: async () => ['POST', `/api/payments/test-checkout/${(await opened()).reference}/cancel`],
    expect: [401, 404, 200, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/payments/verify',
    call: async () => ['POST', '/api/payments/verify', { gateway: 'test', transactionId: (await bought()).reference }],
    expect: [401, 402, 200, 402, 402, 402, 402],
  },
  {
    route: 'GET /api/user/payments',
    call: async () => ['GET', '/api/user/payments'],
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/payments/{id}/refund-request',
    call: async () => [
      'POST',
      `/api/payments/${(await bought()).paymentId}/refund-request`,
      { reason: 'Not what I expected at all.' },
    ],
    expect: [401, 404, 201, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/tutor/revenue',
    call: async () => ['GET', '/api/tutor/revenue'],
    expect: [401, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/admin/refund-requests',
    call: async () => ['GET', '/api/admin/refund-requests?status=pending'],
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/refund-requests/{id}/decision',
    call: async () => [
      'POST',
      `/api/admin/refund-requests/${await asked()}/decision`,
      { decision: 'decline', note: 'Most of it was watched.' },
    ],
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  // Stripe is not configured while the test gateway is active: its webhook does not exist here.
  {
    route: 'POST /api/webhooks/stripe',
    call: async () => ['POST', '/api/webhooks/stripe', { id: 'evt_1' }],
    expect: [404, 404, 404, 404, 404, 404, 404],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
