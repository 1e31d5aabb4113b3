import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { AuthService } from './auth.service';
import { TOKEN_PURPOSES } from './auth.repo';

/**
 * Once an hour: expired sessions, failed sign-ins older than the longest limit window and
 * devices unused for a year are deleted. They no longer count for anything, but fill tables.
 */
export const purgeSessionsJob = defineJob({
  name: 'auth.purge-sessions',
  latencySeconds: UNHURRIED,
  schema: z.object({}),
});

/**
 * A verification or reset link to mail. The payload names only the account and the purpose: the
 * token is issued (and older ones retired) when the job runs, so no live token ever sits in the
 * job table, which keeps payloads for a day and lists dead ones (`jobs.dead()`). Retries as
 * `mail.send` does: a mail server that is down delays the link, never loses it.
 */
export const mailLinkJob = defineJob({
  name: 'auth.mail-link',
  schema: z.object({ userId: z.string().uuid(), purpose: z.enum(TOKEN_PURPOSES) }),
  retry: { limit: 4_320, delaySeconds: 5, backoff: true, maxDelaySeconds: 60 },
  timeoutSeconds: 120,
});

export function registerAuthJobs(jobs: QueueService, auth: AuthService) {
  jobs.handle(purgeSessionsJob, () => auth.purgeStale());
  jobs.schedule(purgeSessionsJob, '17 * * * *');
  jobs.handle(mailLinkJob, (payload) => auth.mailLink(payload.userId, payload.purpose));
}
