import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { JobsService } from '../../jobs/jobs.service';
import type { SubscriptionsService } from './subscriptions.service';

/**
 * A subscription's clock (decision 031). Each job carries the period end it was sent for; a job
 * whose subscription has moved on since (renewed, paused, cancelled) does nothing, so nothing
 * needs cancelling when a period changes: the change sends the new period's jobs.
 */
const ZPeriodJob = z.object({ subscriptionId: z.uuid(), periodEnd: z.string() });

/** Mails the renewal link (test gateway) a few days before a paid period ends. */
export const renewalReminderJob = defineJob({ name: 'mentorship.renewal-reminder', schema: ZPeriodJob });
/** The period's end: cancel, renew a free plan, or mark an unpaid one past_due. */
export const periodEndJob = defineJob({ name: 'mentorship.period-end', schema: ZPeriodJob });
/** The grace after an unpaid period: still past_due, the subscription expires. */
export const expireJob = defineJob({ name: 'mentorship.expire', schema: ZPeriodJob });
/** The end of a pause. */
export const resumeJob = defineJob({ name: 'mentorship.resume', schema: z.object({ subscriptionId: z.uuid(), pausedUntil: z.string() }) });

export function registerMentorshipJobs(jobs: JobsService, subscriptions: SubscriptionsService) {
  jobs.handle(renewalReminderJob, (p) => subscriptions.remindRenewal(p.subscriptionId, p.periodEnd));
  jobs.handle(periodEndJob, (p) => subscriptions.endPeriod(p.subscriptionId, p.periodEnd));
  jobs.handle(expireJob, (p) => subscriptions.expire(p.subscriptionId, p.periodEnd));
  jobs.handle(resumeJob, (p) => subscriptions.resume(p.subscriptionId, p.pausedUntil));
}
