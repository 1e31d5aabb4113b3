import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';

/**
 * Closes an open job at its deadline. Keyed `<jobId>:<deadline>`: moving the deadline sends a
 * new one, and the handler closes only when the job's own deadline has passed, so an old one
 * that fires early changes nothing.
 */
export const closeAtDeadlineJob = defineJob({
  name: 'jobs.close-at-deadline',
  latencySeconds: UNHURRIED,
  schema: z.object({ jobId: z.uuid() }),
  keyed: true,
});

/** Daily at 00:30 UTC: forgets who viewed which job on earlier days (decision 025, job views). */
export const viewsPruneJob = defineJob({
  name: 'jobs.views-prune',
  latencySeconds: UNHURRIED,
  schema: z.object({}).passthrough(),
});

export function registerJobBoardJobs(
  jobs: QueueService,
  board: { closeIfDue(jobId: string): Promise<void>; pruneViews(): Promise<void> },
) {
  jobs.handle(closeAtDeadlineJob, ({ jobId }) => board.closeIfDue(jobId));
  jobs.handle(viewsPruneJob, () => board.pruneViews());
  jobs.schedule(viewsPruneJob, '30 0 * * *');
}

/** After a job opens: every saved search is replayed from its high-water mark (in-app alerts). */
export const alertsSweepJob = defineJob({
  name: 'jobs.alerts-sweep',
  latencySeconds: UNHURRIED,
  schema: z.object({ jobId: z.uuid().optional() }),
});

/** Daily at 07:00 UTC (08:00 in Lagos): the email digest of each saved search that wants one. */
export const alertsDigestJob = defineJob({
  name: 'jobs.alerts-digest',
  latencySeconds: UNHURRIED,
  schema: z.object({}).passthrough(),
});

export function registerJobAlertsJobs(jobs: QueueService, alerts: { sweep(): Promise<void>; digest(): Promise<void> }) {
  jobs.handle(alertsSweepJob, () => alerts.sweep());
  jobs.handle(alertsDigestJob, () => alerts.digest());
  jobs.schedule(alertsDigestJob, '0 7 * * *');
}
