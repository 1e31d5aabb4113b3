import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import { ZNotificationInput } from '#shared/notifications/notifications.schemas';
import type { NotificationsService } from './notifications.service';

/** The email copies of one notification to these users (those who want one get a mail job each). */
export const mailCopiesJob = defineJob({
  name: 'notifications.mail-copies',
  latencySeconds: UNHURRIED,
  schema: z.object({ userIds: z.array(z.uuid()), input: ZNotificationInput }),
});

/** One page of a broadcast's notifications and email copies, after `afterUserId`; it queues the next page itself. */
export const broadcastPageJob = defineJob({
  name: 'notifications.broadcast-page',
  latencySeconds: UNHURRIED,
  schema: z.object({ broadcastId: z.uuid(), afterUserId: z.uuid().nullable() }),
});

export function registerNotificationsJobs(jobs: QueueService, notifications: NotificationsService) {
  jobs.handle(mailCopiesJob, ({ userIds, input }) => notifications.mailCopies(userIds, input));
  jobs.handle(broadcastPageJob, ({ broadcastId, afterUserId }) =>
    notifications.broadcastPage(broadcastId, afterUserId),
  );
}
