import { CircleCheck, CircleSlash, FileQuestion, FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { TTestCheckout } from '#shared/payments/payments.schemas';
import { formatMoney } from '#shared/money';
import { DocumentTitle } from '#client/components/document-title';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { isApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useCancelTestCheckout } from '../api/cancel-test-checkout';
import { useTestCheckout } from '../api/get-test-checkout';
import { usePayTestCheckout } from '../api/pay-test-checkout';
import { failureToast } from '#client/lib/failure-toast';
import { StateCard } from '#client/components/state-card';

/**
 * /payments/test-checkout/{reference}: the built-in test gateway's checkout page, used when no
 * Stripe or Paystack keys are set. It says plainly that nothing is charged.
 */
export function TestCheckoutPage() {
  const { reference = '' } = useParams();
  const checkout = useTestCheckout(reference);

  if (checkout.isPending) {
    return (
      <div role="status" aria-label="Loading the checkout" className="mx-auto mt-4 max-w-lg sm:mt-10">
        <div className="h-96 animate-pulse rounded-2xl bg-zinc-200 dark:bg-zinc-800" />
      </div>
    );
  }
  if (checkout.isError) {
    const missing = isApiError(checkout.error, 404) || isApiError(checkout.error, 403);
    return (
      <StateCard
        icon={FileQuestion}
        title={missing ? 'Checkout not found' : 'We could not load the checkout'}
        actions={
          missing ? (
            <Link to="/courses" className={buttonClasses('primary')}>
              Browse courses
            </Link>
          ) : (
            <Button
              variant="outline"
              loading={checkout.isRefetching}
              loadingText="Trying again…"
              onClick={() => void checkout.refetch()}
            >
              Try again
            </Button>
          )
        }
      >
        {missing
          ? 'This test checkout does not exist, belongs to someone else, or test payments are switched off.'
          : 'Check your connection, then try again.'}
      </StateCard>
    );
  }
  return <TestCheckoutCard checkout={checkout.data} />;
}

function TestCheckoutCard({ checkout }: { checkout: TTestCheckout }) {
  const pay = usePayTestCheckout();
  const cancel = useCancelTestCheckout();
  // Once an answer came back the browser is leaving: keep both buttons busy until it has gone.
  const leaving = pay.isPending || pay.isSuccess || cancel.isPending || cancel.isSuccess;
  const go = ({ redirectUrl }: { redirectUrl: string }) => window.location.assign(redirectUrl);

  return (
    <Card className="mx-auto mt-4 max-w-lg overflow-hidden sm:mt-10">
      <DocumentTitle title="Test checkout" />
      <div className="flex items-start gap-3 border-b border-amber-200 bg-amber-50 px-5 py-4 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="space-y-1">
          <p>
            <span
              data-testid="test-payment-badge"
              className="rounded-md bg-amber-200 px-2 py-0.5 text-xs font-bold tracking-wide uppercase text-amber-950 dark:bg-amber-800 dark:text-amber-50"
            >
              Test payment
            </span>
          </p>
          <p className="text-sm">
            This is a test payment: no money moves and no card is needed. It lets you try the purchase from start to
            finish.
          </p>
        </div>
      </div>
      <div className="space-y-5 px-5 py-6 sm:px-8">
        <h1 className="text-2xl font-semibold tracking-tight">Checkout</h1>
        <dl className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
          <div className="space-y-0.5">
            <dt className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">Item</dt>
            <dd data-testid="checkout-description" className="font-medium break-words">
              {checkout.description}
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
            <dt className="text-sm text-zinc-600 dark:text-zinc-400">Total</dt>
            <dd data-testid="checkout-amount" className="text-2xl font-bold tabular-nums">
              {formatMoney(checkout.amountMinor, checkout.currency)}
            </dd>
          </div>
        </dl>

        {checkout.status === 'open' ? (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              size="lg"
              disabled={leaving}
              loading={cancel.isPending || cancel.isSuccess}
              loadingText="Cancelling…"
              onClick={() =>
                cancel.mutate(checkout.reference, {
                  onSuccess: go,
                  onError: (err) => toast(failureToast('Could not cancel the payment', err)),
                })
              }
            >
              Cancel
            </Button>
            <Button
              size="lg"
              disabled={leaving}
              loading={pay.isPending || pay.isSuccess}
              loadingText="Paying…"
              onClick={() =>
                pay.mutate(checkout.reference, {
                  onSuccess: go,
                  onError: (err) => toast(failureToast('Payment failed', err)),
                })
              }
            >
              Pay now
            </Button>
          </div>
        ) : checkout.status === 'paid' ? (
          <ClosedNote icon={CircleCheck} text="This checkout has already been paid. The course is in your learning.">
            <Link to="/courses/student" className={buttonClasses('primary')}>
              Go to My learning
            </Link>
          </ClosedNote>
        ) : (
          <ClosedNote
            icon={CircleSlash}
            text="This checkout was cancelled and nothing was charged. If you still want the course, find it in the catalogue and buy it again."
          >
            <Link to="/courses" className={buttonClasses('primary')}>
              Browse courses
            </Link>
          </ClosedNote>
        )}
      </div>
    </Card>
  );
}

function ClosedNote({ icon: Icon, text, children }: { icon: typeof CircleCheck; text: string; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <p role="status" className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {text}
      </p>
      <div className="flex justify-end">{children}</div>
    </div>
  );
}
