import { z } from 'zod';
import { defineJob } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { SkillCredentials } from './skill-credentials';

/**
 * Daily at 03:30: skill credentials checked against the evidence the public sees now
 * (skill-credentials.ts `recheck`): revoked when the skill fell below proven, re-issued when its
 * level moved. Evidence is withdrawn rarely (refunds, erased reviews, hidden items): a day is
 * the promise the verify page's status makes.
 */
export const recheckSkillCredentialsJob = defineJob({
  name: 'passport.recheck-credentials',
  schema: z.object({}).passthrough(),
});

export function registerPassportJobs(jobs: QueueService, skillCredentials: SkillCredentials) {
  jobs.handle(recheckSkillCredentialsJob, async () => void (await skillCredentials.recheck()));
  jobs.schedule(recheckSkillCredentialsJob, '30 3 * * *');
}
