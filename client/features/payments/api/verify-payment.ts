import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZVerifyPaymentResult, type TVerifyPaymentResult } from '#shared/payments/payments.schemas';
import { apiPost } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { courseKey, enrolmentsKey } from '#client/features/courses';
import { purchasesKey } from './query-keys';

export interface VerifyPaymentVars {
  courseId: string;
  /** As the return URL gave it; the server answers 400 with a sentence for an unknown one. */
  gateway: string;
  transactionId: string;
}

/**
 * POST /api/course-payments/courses/{courseId}/payment/verify (docs/spec.md §7). A non-ok answer
 * throws an ApiError whose body carries `success: false` and the `error` sentence.
 */
export async function verifyPayment({
  courseId,
  gateway,
  transactionId,
}: VerifyPaymentVars): Promise<TVerifyPaymentResult> {
  const path = `/api/course-payments/courses/${encodeURIComponent(courseId)}/payment/verify`;
  return ZVerifyPaymentResult.parse(await apiPost<unknown>(path, { gateway, transactionId }));
}

/** The toast of docs/spec.md §8 when verification fails, whatever the reason. */
const VERIFY_FAILED_TOAST = {
  title: 'Payment Verification Failed',
  description: 'Could not verify your payment. Please contact support.',
  variant: 'destructive',
} as const;

/** docs/spec.md §7: on success the learner's enrolments and the course are refreshed (and their purchases), in the background. */
export function useVerifyPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    // The page verifies exactly once; whatever the first answer says is what the learner sees.
    retry: false,
    onSuccess: (result, { courseId }) => {
      if (!result.success) {
        toast(VERIFY_FAILED_TOAST);
        return;
      }
      toast({ title: 'Payment Successful!', description: 'You have been enrolled in the course.' });
      // Not awaited: the page says "Payment Successful!" with the toast, not after the refetches.
      void Promise.all([
        client.invalidateQueries({ queryKey: enrolmentsKey }),
        client.invalidateQueries({ queryKey: courseKey(courseId) }),
        client.invalidateQueries({ queryKey: purchasesKey }),
      ]);
    },
    onError: () => toast(VERIFY_FAILED_TOAST),
  });
}
