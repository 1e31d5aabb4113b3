import type { GatewayPayment } from '#server/lib/payments/gateway';
import { REFUND_WINDOW_DAYS } from '#shared/constants';
import type { TRole } from '#shared/roles';
import type { PaymentRow } from './payments.repo';

const DAY_MS = 86_400_000;

/**
 * Why the gateway's account of a checkout does not match the payment we opened, or null when it
 * does. Everything a forged or replayed session could change is compared: the amount, the
 * currency, and the metadata naming our payment, the buyer and the item.
 */
export function truthMismatch(
  row: Pick<PaymentRow, 'id' | 'reference' | 'buyerId' | 'kind' | 'itemId' | 'amountMinor' | 'currency'>,
  truth: GatewayPayment,
): string | null {
  if (truth.reference !== row.reference) return 'reference';
  if (truth.amountMinor !== row.amountMinor) return 'amount';
  if (truth.currency.toUpperCase() !== row.currency.toUpperCase()) return 'currency';
  const expected: Record<string, string> = {
    paymentId: row.id,
    buyerId: row.buyerId,
    kind: row.kind,
    itemId: row.itemId,
  };
  for (const [key, value] of Object.entries(expected)) if (truth.metadata[key] !== value) return `metadata.${key}`;
  return null;
}

/**
 * How long an open checkout is handed out again (decision 048): double clicks, a second tab, a
 * retry after a dropped answer, the gateway page's back button. Well inside the 24 hours a Stripe
 * session lives, so the page it leads to is still open.
 */
export const CHECKOUT_REUSE_MS = 60 * 60_000;

/** Whether an open checkout answers a new one: same gateway and price, and young enough. */
export function reusableCheckout(
  open: Pick<PaymentRow, 'gateway' | 'amountMinor' | 'currency' | 'createdAt'>,
  wanted: { gateway: string; amountMinor: number; currency: string },
  now: Date,
): boolean {
  return (
    open.gateway === wanted.gateway &&
    open.amountMinor === wanted.amountMinor &&
    open.currency === wanted.currency &&
    now.getTime() - open.createdAt.getTime() < CHECKOUT_REUSE_MS
  );
}

/** The platform's share, rounded to the nearest minor unit, fixed when the payment is confirmed. */
export const feeOf = (amountMinor: number, feePercent: number) => Math.round((amountMinor * feePercent) / 100);

/** docs/spec.md §1: a refund may be asked for within 7 days of the payment. */
export const refundWindowEnd = (paidAt: Date) => new Date(paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
export const withinRefundWindow = (paidAt: Date, now: Date) => now.getTime() <= refundWindowEnd(paidAt).getTime();

/** A day as people in Nigeria read it: "3 March 2026", in West Africa Time. */
const dayInLagos = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }).format(
    d,
  );

export const refundWindowClosed = (paidAt: Date) =>
  `Refunds can be requested within ${REFUND_WINDOW_DAYS} days of payment. This payment was made on ${dayInLagos(paidAt)}, so it can no longer be refunded.`;

/** Only administrators decide refunds. */
export const canDecideRefunds = (user: { role: TRole }) => user.role === 'admin';
