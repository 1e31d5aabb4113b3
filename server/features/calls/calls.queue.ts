import { z } from 'zod';
import { defineJob } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { CallsService } from './calls.service';

/** The other member has not joined this long after the first did: tell them they missed it. */
export const missedCallJob = defineJob({ name: 'calls.missed', schema: z.object({ callId: z.uuid() }), keyed: true });

/** Everyone left without hanging up (closed the tab): the call ends if nobody came back. */
export const endIdleCallJob = defineJob({
  name: 'calls.end-idle',
  schema: z.object({ callId: z.uuid() }),
  keyed: true,
});

/** Decision 051: a ring nobody answered in 45 s ends as missed; `startedAt` says which ring. */
export const ringTimeoutJob = defineJob({
  name: 'calls.ring-timeout',
  schema: z.object({ callId: z.uuid(), startedAt: z.string() }),
  keyed: true,
});

export function registerCallsJobs(jobs: QueueService, calls: CallsService) {
  jobs.handle(missedCallJob, ({ callId }) => calls.notifyIfMissed(callId));
  jobs.handle(endIdleCallJob, ({ callId }) => calls.endIfIdle(callId));
  jobs.handle(ringTimeoutJob, ({ callId, startedAt }) => calls.ringTimedOut(callId, startedAt));
}
