import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { JobsService } from '../../jobs/jobs.service';
import type { AuthService } from './auth.service';

/** Expired sessions are deleted once an hour: they no longer sign anyone in, but fill the table. */
export const purgeSessionsJob = defineJob({ name: 'auth.purge-sessions', schema: z.object({}) });

export function registerAuthJobs(jobs: JobsService, auth: AuthService) {
  jobs.handle(purgeSessionsJob, () => auth.purgeExpiredSessions());
  jobs.schedule(purgeSessionsJob, '17 * * * *');
}
