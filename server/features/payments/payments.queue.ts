import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { PaymentsService } from './payments.service';

/**
 * How long a checkout may stay pending: Stripe's Checkout Sessions expire after 24 hours, and a
 * buyer who has not paid by then has left.
 */
export const CHECKOUT_EXPIRY_HOURS = 24;

/** Expires an abandoned checkout once the gateway confirms it was not paid. */
export const expireCheckoutJob = defineJob({
  name: 'payments.expire-checkout',
  latencySeconds: UNHURRIED,
  schema: z.object({ paymentId: z.uuid() }),
  // A gateway that is down is asked again, up to about a day later.
  retry: { limit: 30, delaySeconds: 60, backoff: true, maxDelaySeconds: 3_600 },
});

/** Completes a partial refund whose first attempt did not reach the gateway; a done one is left alone. */
export const partialRefundJob = defineJob({
  name: 'payments.partial-refund',
  schema: z.object({ refundId: z.uuid() }),
  retry: { limit: 30, delaySeconds: 60, backoff: true, maxDelaySeconds: 3_600 },
});

export function registerPaymentsJobs(jobs: QueueService, payments: PaymentsService) {
  jobs.handle(expireCheckoutJob, ({ paymentId }) => payments.expireCheckout(paymentId));
  jobs.handle(partialRefundJob, async ({ refundId }) => {
    await payments.partialRefunds.complete(refundId);
  });
}
