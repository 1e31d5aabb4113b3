import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { DocumentTitle } from '#client/components/document-title';
import { isApiError, serverMessage } from '#client/lib/api-client';
import { useUser } from '#client/features/accounts';
import { useVerifyPayment } from '../api/verify-payment';
import { PaymentReceipt } from './payment-receipt';
import { PaymentResultCard } from './payment-result-card';

const MISSING = 'Missing payment session information or user not logged in.';

/**
 * A query value as the gateway sent it back. Paystack appends its own `?reference=` to a return
 * URL that already has a query, which leaves "REF?trxref=REF" in the value before it.
 */
function queryValue(params: URLSearchParams, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = params.get(name)?.split('?')[0]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** The sentence under "Oops! Something went wrong.": the server's, else the fallbacks of docs/spec.md §8. */
function failureText(result: { success: boolean; error?: string } | undefined, error: Error | null): string {
  if (error)
    return isApiError(error)
      ? (serverMessage(error) ?? 'Payment verification failed.')
      : 'An error occurred during payment verification.';
  return result?.error || 'Payment verification failed.';
}

/**
 * /courses/{courseId}/payment/success (docs/spec.md §2, §5, §7, §8): verifies the gateway's session
 * once, then says whether the learner is enrolled. Behind the route guard (docs/spec.md §2), which
 * handles the signed-out and the suspended: a buyer whose session ended logs in and comes back
 * here, and verification runs then. The page still checks for itself (docs/spec.md §5): without a
 * session id, or if the user becomes null, it shows the spec's error and calls nothing.
 */
export function PaymentSuccessPage() {
  const { courseId = '' } = useParams();
  const [params] = useSearchParams();
  const { data: user, isPending: userPending } = useUser();
  const verify = useVerifyPayment();
  const { mutate } = verify;
  const started = useRef(false);

  const sessionId = queryValue(params, 'session_id', 'reference');
  const gateway = queryValue(params, 'gateway') ?? 'stripe';
  const ready = Boolean(sessionId && courseId && user);

  useEffect(() => {
    // StrictMode runs effects twice and the user query may re-render us: the gateway's session
    // is checked once per visit, and the first answer is the one shown.
    if (!ready || started.current) return;
    started.current = true;
    mutate({ courseId, gateway, transactionId: sessionId! });
  }, [ready, courseId, gateway, sessionId, mutate]);

  if (userPending || (ready && (verify.isIdle || verify.isPending))) {
    return (
      <Card
        role="status"
        aria-live="polite"
        className="mx-auto mt-4 flex max-w-lg flex-col items-center gap-4 px-5 py-12 text-center sm:mt-10"
      >
        <DocumentTitle title="Verifying Payment..." />
        <Spinner className="size-10 text-indigo-600 dark:text-indigo-400" />
        <h1 className="text-2xl font-semibold tracking-tight">Verifying Payment...</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          We are confirming your payment with the payment provider. Please keep this page open.
        </p>
      </Card>
    );
  }

  if (ready && verify.data?.success) {
    return (
      <PaymentResultCard
        icon={CircleCheck}
        tone="success"
        title="Payment Successful!"
        actions={
          <Link to={`/courses/${courseId}/learn`} className={buttonClasses('primary', 'lg')}>
            Go to Course
          </Link>
        }
      >
        <p className="font-medium text-zinc-900 dark:text-zinc-100">Thank you for your purchase!</p>
        <p>You have been successfully enrolled in the course.</p>
        <PaymentReceipt courseId={courseId} reference={sessionId!} />
      </PaymentResultCard>
    );
  }

  return (
    <PaymentResultCard
      icon={CircleX}
      tone="error"
      title="Payment Failed"
      actions={
        courseId ? (
          <Link to={`/courses/${courseId}`} className={buttonClasses('primary', 'lg')}>
            Return to Course Details
          </Link>
        ) : null
      }
    >
      <p className="font-medium text-zinc-900 dark:text-zinc-100">Oops! Something went wrong.</p>
      <p
        role="alert"
        data-testid="payment-error"
        className="rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950/40 dark:text-red-200"
      >
        {ready ? failureText(verify.data, verify.error) : MISSING}
      </p>
      <p>If you believe this is an error, please contact our support team.</p>
    </PaymentResultCard>
  );
}
