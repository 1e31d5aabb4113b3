import { Receipt } from 'lucide-react';
import { useEffect, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { REFUND_WINDOW_DAYS } from '#shared/constants';
import type { TPaymentStatus, TPurchase, TRefundSummary } from '#shared/payments/payments.schemas';
import { formatMoney } from '#shared/money';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { formatDate } from '#client/lib/format-date';
import { usePurchases } from '../api/get-purchases';
import { RefundDialog } from './refund-dialog';

const STATUS: Record<TPaymentStatus, { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300' },
  refunded: { label: 'Refunded', className: 'bg-sky-50 text-sky-800 dark:bg-sky-950/60 dark:text-sky-300' },
  pending: {
    label: 'Awaiting payment',
    className: 'bg-amber-50 text-amber-800 dark:bg-amber-950/60 dark:text-amber-300',
  },
  cancelled: { label: 'Cancelled', className: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' },
  expired: { label: 'Expired', className: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' },
};

/** The learner's payments on /courses/student, each with its refund state or a way to ask for one. */
export function PurchasesSection() {
  const purchases = usePurchases();
  const list = purchases.data?.purchases ?? [];

  return (
    <section id="purchases" aria-labelledby="purchases-heading" className="mt-10 scroll-mt-20">
      <h2 id="purchases-heading" className="mb-1 text-lg font-semibold">
        Purchases
      </h2>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Refunds can be requested within {REFUND_WINDOW_DAYS} days of payment. An admin reviews each request.
      </p>
      {purchases.isPending ? (
        <div
          role="status"
          aria-label="Loading your purchases"
          className="h-24 animate-pulse rounded-2xl bg-zinc-200 dark:bg-zinc-800"
        />
      ) : purchases.isError ? (
        <LoadFailedCard
          variant="compact"
          what="your purchases"
          retrying={purchases.isRefetching}
          onRetry={() => void purchases.refetch()}
        />
      ) : list.length === 0 ? (
        <Card className="flex items-center gap-3 p-4 text-sm text-zinc-600 dark:text-zinc-400">
          <Receipt aria-hidden="true" className="size-5 shrink-0" />
          You have not bought a course yet. Paid courses you buy show here with their receipts.
        </Card>
      ) : (
        <Card>
          <ul aria-label="Your purchases" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.map((p) => (
              <li key={p.id} data-testid="purchase">
                <PurchaseRow purchase={p} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

function PurchaseRow({ purchase }: { purchase: TPurchase }) {
  const [asking, setAsking] = useState(false);
  const refundState = useRef<HTMLParagraphElement>(null);
  const focusRefundState = useRef(false);
  const status = STATUS[purchase.status];
  const canAsk = purchase.status === 'paid' && !purchase.refund && purchase.refundableUntil !== null;

  // A sent request removes the Request refund button (and the dialog's way back to it). Whichever
  // comes first, the refreshed purchase or the dialog closing, focus ends on the new refund state,
  // a task later so that the closing dialog (its focus trap lasts until it unmounts) cannot take it back.
  useEffect(() => {
    if (!focusRefundState.current || !purchase.refund || asking) return;
    focusRefundState.current = false;
    setTimeout(() => refundState.current?.focus());
  }, [purchase.refund, asking]);

  return (
    <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium break-words">
          <Link to={purchase.item.link} className="hover:underline">
            {purchase.item.title}
          </Link>
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
          <span className="font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">
            {formatMoney(purchase.amountMinor, purchase.currency)}
          </span>
          {purchase.paidAt ? (
            <span>
              Paid <time dateTime={purchase.paidAt}>{formatDate(purchase.paidAt)}</time>
            </span>
          ) : null}
          <span
            data-testid="purchase-status"
            className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', status.className)}
          >
            {status.label}
          </span>
        </p>
        {purchase.status === 'paid' && purchase.refundedMinor > 0 ? (
          <p data-testid="partial-refund" className="text-sm text-sky-800 dark:text-sky-300">
            {purchase.refundedMinor >= purchase.amountMinor
              ? 'Refunded'
              : `Refunded ${formatMoney(purchase.refundedMinor, purchase.currency)} of ${formatMoney(purchase.amountMinor, purchase.currency)}`}
          </p>
        ) : null}
        {purchase.refund ? <RefundState ref={refundState} refund={purchase.refund} /> : null}
        {purchase.refundBlockedReason && !purchase.refund ? (
          <p data-testid="refund-blocked" className="text-xs text-zinc-600 dark:text-zinc-400">
            {purchase.refundBlockedReason}
          </p>
        ) : null}
        {canAsk && purchase.refundableUntil ? (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Refundable until <time dateTime={purchase.refundableUntil}>{formatDate(purchase.refundableUntil)}</time>
          </p>
        ) : null}
      </div>
      {canAsk ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => setAsking(true)}
          aria-label={`Request refund for ${purchase.item.title}`}
        >
          Request refund
        </Button>
      ) : null}
      {/* The request's refresh can end canAsk while the dialog is still open: it stays until it closes. */}
      {canAsk || asking ? (
        <RefundDialog
          purchase={purchase}
          open={asking}
          onOpenChange={setAsking}
          onRequested={() => (focusRefundState.current = true)}
        />
      ) : null}
    </div>
  );
}

/** Focusable from script only: it takes focus when the learner's request has just been sent. */
const REFUND_STATE_CLASS =
  'rounded-sm text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

function RefundState({ refund, ref }: { refund: TRefundSummary; ref?: Ref<HTMLParagraphElement> }) {
  if (refund.status === 'pending') {
    return (
      <p
        ref={ref}
        tabIndex={-1}
        data-testid="refund-state"
        className={cn(REFUND_STATE_CLASS, 'text-amber-800 dark:text-amber-300')}
      >
        Refund requested on {formatDate(refund.requestedAt)}: waiting for an admin's decision.
      </p>
    );
  }
  if (refund.status === 'approved') {
    return (
      <p
        ref={ref}
        tabIndex={-1}
        data-testid="refund-state"
        className={cn(REFUND_STATE_CLASS, 'text-sky-800 dark:text-sky-300')}
      >
        Refund approved{refund.decidedAt ? ` on ${formatDate(refund.decidedAt)}` : ''}. The money goes back to how you
        paid.
      </p>
    );
  }
  return (
    <p
      ref={ref}
      tabIndex={-1}
      data-testid="refund-state"
      className={cn(REFUND_STATE_CLASS, 'text-red-800 dark:text-red-300')}
    >
      Refund declined{refund.decisionNote ? `: ${refund.decisionNote}` : '.'}
    </p>
  );
}
