import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { PrivacyService } from './privacy.service';

/** Builds one "Download my data" ZIP. */
export const buildExportJob = defineJob({
  name: 'privacy.build-export',
  schema: z.object({ exportId: z.string().uuid() }),
  timeoutSeconds: 30 * 60,
});

/**
 * Erases an account at the end of its grace period. Keyed `erase:<userId>`, so that a sign-in
 * or "Cancel deletion" cancels the waiting job; the handler checks the schedule again anyway.
 */
export const eraseAccountJob = defineJob({
  name: 'privacy.erase-account',
  latencySeconds: UNHURRIED,
  schema: z.object({ userId: z.string().uuid() }),
  keyed: true,
  timeoutSeconds: 30 * 60,
});
export const eraseKey = (userId: string) => `erase:${userId}`;

/** Daily: usernames of accounts deleted 90 days ago become free again. */
export const releaseUsernamesJob = defineJob({
  name: 'privacy.release-usernames',
  latencySeconds: UNHURRIED,
  schema: z.object({}),
});

export function registerPrivacyJobs(jobs: QueueService, privacy: PrivacyService) {
  jobs.handle(buildExportJob, (p) => privacy.buildExport(p.exportId));
  jobs.handle(eraseAccountJob, (p) => privacy.erase(p.userId));
  jobs.handle(releaseUsernamesJob, async () => {
    await privacy.releaseUsernames();
  });
  jobs.schedule(releaseUsernamesJob, '23 3 * * *');
}
