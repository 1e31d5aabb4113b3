import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, login, type Harness } from '#server/test/harness';
import { actor, as, makeCourse, type Actor } from '../courses/testing/course-fixtures';

/**
 * A tutor's revenue: paid sales only, the platform's fee as it was set when each sale was
 * confirmed (PLATFORM_FEE_PERCENT, here 12.5), net = gross - fee, per currency, by calendar
 * month in West Africa Time over the last twelve months.
 */
let h: Harness;
let admin: Actor;
let tutor: Actor;
const course = { ngn: '', usd: '', cheap: '', others: '' };

beforeAll(async () => {
  h = await createHarness({ env: { PLATFORM_FEE_PERCENT: '12.5' } });
  h.clock.now = new Date('2025-04-01T09:00:00Z');
  admin = await actor(h, 'admin');
  tutor = await actor(h, 'tutor');
  const make = async (who: Actor, priceMinor: number, currency: 'NGN' | 'USD' = 'NGN') =>
    (await makeCourse(h, who.user, { admin: admin.user, input: { priceMinor, currency } })).id;
  course.ngn = await make(tutor, 1_500_000);
  course.usd = await make(tutor, 2_000, 'USD');
  course.cheap = await make(tutor, 999);
  course.others = await make(await actor(h, 'tutor'), 500_000);
});
afterAll(() => h.close());

/** A new buyer pays for `courseId` at `iso` on the test gateway. */
async function sellAt(iso: string, courseId: string) {
  h.clock.now = new Date(iso);
  const buyer = await actor(h, 'student');
  const { payments } = h.services;
  const { sessionId } = await payments.checkout(buyer.user, 'course', courseId);
  await payments.testCheckout!.pay(buyer.user, sessionId);
  return { buyer, paymentId: (await payments.purchases(buyer.user)).purchases[0]!.id };
}

const revenueOf = async (who: Actor) => {
  who.cookie = await login(h, who.user.username);
  const res = await as(h, who)('GET', '/api/tutor/revenue');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const zero = (month: string) => ({ month, sales: 0, grossMinor: 0, feeMinor: 0, netMinor: 0 });
const MONTHS = [
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
];

describe('GET /api/tutor/revenue', () => {
  it('sums paid sales per currency and WAT month, with the fee at its setting, and leaves out refunds and other tutors', async () => {
    await sellAt('2025-05-20T10:00:00Z', course.ngn); // older than twelve months: in the totals only
    await sellAt('2026-01-31T22:30:00Z', course.ngn); // 23:30 WAT: January
    await sellAt('2026-01-31T23:30:00Z', course.ngn); // 00:30 WAT on 1 February
    await sellAt('2026-02-15T12:00:00Z', course.cheap); // 12.5 % of 999 kobo rounds to 125
    await sellAt('2026-03-10T12:00:00Z', course.usd);
    await sellAt('2026-04-01T12:00:00Z', course.others);
    await sellAt('2026-05-31T23:15:00Z', course.ngn); // 1 June in Lagos
    const refunded = await sellAt('2026-06-05T12:00:00Z', course.ngn);
    const { payments } = h.services;
    const { refund } = await payments.requestRefund(refunded.buyer.user, refunded.paymentId, {
      reason: 'Bought the wrong course by mistake.',
    });
    await payments.decideRefund(admin.user, refund!.id, { decision: 'approve' });

    h.clock.now = new Date('2026-06-10T10:00:00Z');
    const revenue = await revenueOf(tutor);
    expect(revenue.feePercent).toBe(12.5);
    const [ngn, usd] = revenue.currencies;
    expect(revenue.currencies).toHaveLength(2);
    expect(ngn).toMatchObject({
      currency: 'NGN',
      sales: 5,
      grossMinor: 6_000_999,
      feeMinor: 750_125,
      netMinor: 5_250_874,
      refundedMinor: 1_500_000,
    });
    expect(ngn.months.map((m: { month: string }) => m.month)).toEqual(MONTHS);
    const sold = (month: string, sales: number, grossMinor: number, feeMinor: number) => ({
      month,
      sales,
      grossMinor,
      feeMinor,
      netMinor: grossMinor - feeMinor,
    });
    expect(ngn.months).toEqual(
      MONTHS.map((m) =>
        m === '2026-01'
          ? sold(m, 1, 1_500_000, 187_500)
          : m === '2026-02'
            ? sold(m, 2, 1_500_999, 187_625)
            : m === '2026-06'
              ? sold(m, 1, 1_500_000, 187_500)
              : zero(m),
      ),
    );
    expect(usd).toMatchObject({
      currency: 'USD',
      sales: 1,
      grossMinor: 2_000,
      feeMinor: 250,
      netMinor: 1_750,
      refundedMinor: 0,
    });
    expect(usd.months).toEqual(MONTHS.map((m) => (m === '2026-03' ? sold(m, 1, 2_000, 250) : zero(m))));
  });

  it('answers a year of zeros in naira to a member without sales, and needs a session', async () => {
    h.clock.now = new Date('2026-06-10T10:00:00Z');
    const member = await actor(h, 'general');
    expect(await revenueOf(member)).toEqual({
      feePercent: 12.5,
      currencies: [
        {
          currency: 'NGN',
          sales: 0,
          grossMinor: 0,
          feeMinor: 0,
          netMinor: 0,
          refundedMinor: 0,
          months: MONTHS.map(zero),
        },
      ],
    });
    expect((await as(h, null)('GET', '/api/tutor/revenue')).statusCode).toBe(401);
  });
});
