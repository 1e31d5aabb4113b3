import type { TCurrency } from '#shared/money';
import type {
  TAdminRefundRequest,
  TPaymentGateway,
  TPaymentStatus,
  TPurchase,
  TPurchaseItem,
  TRefundStatus,
  TRefundSummary,
  TRevenueByCurrency,
  TRevenueMonth,
} from '#shared/payments/payments.schemas';
import { presentPerson, type PersonRow, type Viewer } from '../accounts';
import type { PaymentRow, RefundRequestRow } from './payments.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const HOUR_MS = 3_600_000;
const REVENUE_MONTHS = 12;

/** West Africa Time is UTC+1 all year: its calendar month is the UTC month an hour later. */
function watMonth(at: Date): { year: number; month: number } {
  const shifted = new Date(at.getTime() + HOUR_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() };
}

const monthKey = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The instant the oldest of the last twelve WAT months began: midnight WAT is 23:00 UTC the day before. */
export function revenueSince(now: Date): Date {
  const { year, month } = watMonth(now);
  return new Date(Date.UTC(year, month - (REVENUE_MONTHS - 1), 1) - HOUR_MS);
}

/** The last twelve months, oldest first, with the months that had no sales as zeros. */
export function fillMonths(
  now: Date,
  rows: Array<{ month: string; sales: number; grossMinor: number; feeMinor: number }>,
): TRevenueMonth[] {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const { year, month } = watMonth(now);
  return Array.from({ length: REVENUE_MONTHS }, (_, i) => {
    const key = monthKey(year, month - (REVENUE_MONTHS - 1) + i);
    const r = byMonth.get(key);
    const grossMinor = r?.grossMinor ?? 0;
    const feeMinor = r?.feeMinor ?? 0;
    return { month: key, sales: r?.sales ?? 0, grossMinor, feeMinor, netMinor: grossMinor - feeMinor };
  });
}

export function presentRevenue(
  now: Date,
  totals: Array<{ currency: string; sales: number; grossMinor: number; feeMinor: number; refundedMinor: number }>,
  months: Array<{ currency: string; month: string; sales: number; grossMinor: number; feeMinor: number }>,
): TRevenueByCurrency[] {
  // A tutor without sales still gets a year of zeros in naira, the platform's currency.
  const all =
    totals.length > 0 ? totals : [{ currency: 'NGN', sales: 0, grossMinor: 0, feeMinor: 0, refundedMinor: 0 }];
  return all.map((t) => ({
    currency: t.currency as TCurrency,
    sales: t.sales,
    grossMinor: t.grossMinor,
    feeMinor: t.feeMinor,
    netMinor: t.grossMinor - t.feeMinor,
    refundedMinor: t.refundedMinor,
    months: fillMonths(
      now,
      months.filter((m) => m.currency === t.currency),
    ),
  }));
}

function presentRefund(r: RefundRequestRow): TRefundSummary {
  return {
    id: r.id,
    status: r.status as TRefundStatus,
    reason: r.reason,
    decisionNote: r.decisionNote,
    requestedAt: r.createdAt.toISOString(),
    // A pending request's decided_at marks an approval in flight, not a decision.
    decidedAt: r.status === 'pending' ? null : iso(r.decidedAt),
  };
}

export function presentPurchase(
  p: PaymentRow,
  item: TPurchaseItem,
  refund: RefundRequestRow | null,
  refundability: { until: Date | null; blocked: string | null },
): TPurchase {
  return {
    id: p.id,
    item,
    amountMinor: p.amountMinor,
    // A whole refund sets the status and leaves refunded_minor as it was (payments.table.ts).
    refundedMinor: p.status === 'refunded' ? p.amountMinor : p.refundedMinor,
    currency: p.currency as TCurrency,
    gateway: p.gateway as TPaymentGateway,
    status: p.status as TPaymentStatus,
    paidAt: iso(p.paidAt),
    refundableUntil: iso(refundability.until),
    refundBlockedReason: refundability.blocked,
    refund: refund ? presentRefund(refund) : null,
  };
}

/** The refund answers' shape of a person, shown by the accounts feature's rule. */
function person(row: PersonRow, viewer: Viewer) {
  const { id, username, fullName } = presentPerson(row, viewer);
  return { id, username, fullName };
}

export function presentAdminRefund(
  row: { request: RefundRequestRow; payment: PaymentRow; learner: PersonRow; payee: PersonRow },
  item: TPurchaseItem,
  viewer: Viewer,
): TAdminRefundRequest {
  const p = row.payment;
  return {
    ...presentRefund(row.request),
    payment: {
      id: p.id,
      amountMinor: p.amountMinor,
      currency: p.currency as TCurrency,
      gateway: p.gateway as TPaymentGateway,
      status: p.status as TPaymentStatus,
      paidAt: iso(p.paidAt),
      item,
    },
    learner: person(row.learner, viewer),
    payee: person(row.payee, viewer),
  };
}
