import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { AdminMembers } from './admin-members.service';

/**
 * A suspension with an end date lifts itself: sent with the suspension, due at its end. The
 * session lookup already stops counting it then; the job records the lift and tells the member.
 */
export const liftSuspensionJob = defineJob({
  name: 'admin.lift-suspension',
  latencySeconds: UNHURRIED,
  schema: z.object({ suspensionId: z.uuid(), userId: z.uuid() }),
});

export function registerAdminJobs(jobs: QueueService, members: AdminMembers) {
  jobs.handle(liftSuspensionJob, (payload) => members.liftExpired(payload.userId, payload.suspensionId));
}
