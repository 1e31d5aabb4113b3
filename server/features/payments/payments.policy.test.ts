import { describe, expect, it } from 'vitest';
import type { GatewayPayment } from '#server/lib/payments/gateway';
import {
  canDecideRefunds,
  feeOf,
  refundWindowClosed,
  refundWindowEnd,
  truthMismatch,
  withinRefundWindow,
} from './payments.policy';

const row = {
  id: 'pay-1',
  reference: 'ref-1',
  buyerId: 'buyer-1',
  kind: 'course',
  itemId: 'course-1',
  amountMinor: 1_500_000,
  currency: 'NGN',
};
const truth = (over: Partial<GatewayPayment> = {}, metadata: Record<string, string> = {}): GatewayPayment => ({
  reference: 'ref-1',
  paid: true,
  amountMinor: 1_500_000,
  currency: 'NGN',
  gatewayPaymentId: 'pi_1',
  ...over,
  metadata: { paymentId: 'pay-1', buyerId: 'buyer-1', kind: 'course', itemId: 'course-1', ...metadata },
});

describe('truthMismatch', () => {
  it('accepts what matches, whatever the case of the currency code and extra metadata', () => {
    expect(truthMismatch(row, truth({ currency: 'ngn' }, { extra: 'x' }))).toBeNull();
    // Whether it is paid is a separate question.
    expect(truthMismatch(row, truth({ paid: false }))).toBeNull();
  });

  it.each([
    ['reference', truth({ reference: 'ref-2' })],
    ['amount', truth({ amountMinor: 1_499_999 })],
    ['currency', truth({ currency: 'USD' })],
    ['metadata.paymentId', truth({}, { paymentId: 'pay-2' })],
    ['metadata.buyerId', truth({}, { buyerId: 'someone-else' })],
    ['metadata.kind', truth({}, { kind: 'mentor_plan' })],
    ['metadata.itemId', truth({}, { itemId: 'course-2' })],
  ])('names the %s that differs', (field, t) => {
    expect(truthMismatch(row, t)).toBe(field);
  });

  it('refuses metadata that is missing altogether', () => {
    expect(truthMismatch(row, { ...truth(), metadata: {} })).toBe('metadata.paymentId');
  });
});

describe('the refund window', () => {
  const paidAt = new Date('2026-03-01T10:00:00Z');
  const after = (hours: number) => new Date(paidAt.getTime() + hours * 3_600_000);

  it('is open for 7 days to the millisecond and closed after', () => {
    expect(refundWindowEnd(paidAt)).toEqual(after(168));
    expect(withinRefundWindow(paidAt, after(6 * 24 + 23))).toBe(true);
    expect(withinRefundWindow(paidAt, after(168))).toBe(true);
    expect(withinRefundWindow(paidAt, new Date(after(168).getTime() + 1))).toBe(false);
    expect(withinRefundWindow(paidAt, after(7 * 24 + 1))).toBe(false);
  });

  it('names the day of payment in Lagos time', () => {
    expect(refundWindowClosed(new Date('2026-02-28T23:30:00Z'))).toBe(
      'Refunds can be requested within 7 days of payment. This payment was made on 1 March 2026, so it can no longer be refunded.',
    );
  });
});

describe('feeOf', () => {
  it('rounds the platform share to the nearest minor unit', () => {
    expect(feeOf(1_500_000, 10)).toBe(150_000);
    expect(feeOf(999, 12.5)).toBe(125);
    expect(feeOf(995, 10)).toBe(100);
    expect(feeOf(1_000, 0)).toBe(0);
    expect(feeOf(1_000, 100)).toBe(1_000);
  });
});

it('lets only administrators decide refunds', () => {
  expect(canDecideRefunds({ role: 'admin' })).toBe(true);
  for (const role of ['general', 'tutor', 'student', 'mentor'] as const) expect(canDecideRefunds({ role })).toBe(false);
});
