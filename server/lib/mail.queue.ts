import { z } from 'zod';
import { defineJob } from '../queue/define-job';
import type { QueueService } from '../queue/queue.service';
import type { Mailer } from './mailer';

const ZMail = z.object({
  to: z.string().min(3),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  link: z.string().optional(),
  /** The member whose words the mail quotes: their erasure drops it if it has not gone yet. */
  actorId: z.uuid().optional(),
});

/**
 * Every mail the platform sends: a mail server that is down delays mail, it never loses it.
 * Retries back off from 5 s but never wait more than 60 s, so mail leaves within about a
 * minute (plus one poll) of the server's return; 4,320 retries at the cap cover three days.
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  schema: ZMail,
  retry: { limit: 4_320, delaySeconds: 5, backoff: true, maxDelaySeconds: 60 },
  timeoutSeconds: 120,
  // A sent mail's job (its links carry tokens) goes a day later, not after pg-boss's week.
  keepSeconds: 86_400,
});

export function registerMailJobs(jobs: QueueService, mailer: Mailer) {
  jobs.handle(sendMailJob, ({ actorId: _actor, ...mail }) => mailer.send(mail));
}
