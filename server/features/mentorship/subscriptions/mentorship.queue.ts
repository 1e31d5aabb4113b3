import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { PaymentsService } from '#server/features/payments';
import type { SubscriptionsService } from './subscriptions.service';

/**
 * A subscription's clock (decision 031). Each job carries the period end it was sent for; a job
 * whose subscription has moved on since (renewed, paused, cancelled) does nothing, so nothing
 * needs cancelling when a period changes: the change sends the new period's jobs.
 */
const ZPeriodJob = z.object({ subscriptionId: z.uuid(), periodEnd: z.string() });

/** Mails the renewal link (test gateway) a few days before a paid period ends. */
export const renewalReminderJob = defineJob({
  name: 'mentorship.renewal-reminder',
  latencySeconds: UNHURRIED,
  schema: ZPeriodJob,
});
/** The period's end: cancel, renew a free plan, or mark an unpaid one past_due. */
export const periodEndJob = defineJob({ name: 'mentorship.period-end', latencySeconds: UNHURRIED, schema: ZPeriodJob });
/** The grace after an unpaid period: still past_due, the subscription expires. */
export const expireJob = defineJob({ name: 'mentorship.expire', latencySeconds: UNHURRIED, schema: ZPeriodJob });
/** The end of a pause. */
export const resumeJob = defineJob({
  name: 'mentorship.resume',
  latencySeconds: UNHURRIED,
  schema: z.object({ subscriptionId: z.uuid(), pausedUntil: z.string() }),
});

/**
 * Stops a gateway's own renewals (Stripe) of a subscription that no longer exists here: the
 * account behind it was erased. Sent in the erasure's transaction, so it runs exactly when the
 * erasure commits; the gateway is reached after, never inside the transaction.
 */
export const stopGatewayBillingJob = defineJob({
  name: 'mentorship.stop-gateway-billing',
  latencySeconds: UNHURRIED,
  schema: z.object({ gateway: z.string(), mandate: z.string() }),
});

export function registerMentorshipJobs(
  jobs: QueueService,
  subscriptions: SubscriptionsService,
  payments: PaymentsService,
) {
  jobs.handle(stopGatewayBillingJob, (p) =>
    payments.recurring.cancel({ gateway: p.gateway, id: p.mandate, renews: 'gateway' }, { atPeriodEnd: false }),
  );
  jobs.handle(renewalReminderJob, (p) => subscriptions.remindRenewal(p.subscriptionId, p.periodEnd));
  jobs.handle(periodEndJob, (p) => subscriptions.endPeriod(p.subscriptionId, p.periodEnd));
  jobs.handle(expireJob, (p) => subscriptions.expire(p.subscriptionId, p.periodEnd));
  jobs.handle(resumeJob, (p) => subscriptions.resume(p.subscriptionId, p.pausedUntil));
}
