import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { JobsService } from '../../jobs/jobs.service';

/**
 * Closes an open job at its deadline. Keyed `<jobId>:<deadline>`: moving the deadline sends a
 * new one, and the handler closes only when the job's own deadline has passed, so an old one
 * that fires early changes nothing.
 */
export const closeAtDeadlineJob = defineJob({
  name: 'jobs.close-at-deadline',
  schema: z.object({ jobId: z.uuid() }),
  keyed: true,
});

export function registerJobBoardJobs(jobs: JobsService, board: { closeIfDue(jobId: string): Promise<void> }) {
  jobs.handle(closeAtDeadlineJob, ({ jobId }) => board.closeIfDue(jobId));
}
