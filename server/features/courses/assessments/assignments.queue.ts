import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';

/** How long before the due date `assignment_due` reaches a learner who has not handed in. */
export const ASSIGNMENT_DUE_NOTICE_HOURS = 24;

/**
 * One reminder per learner and assignment (keyed `<lessonId>:<userId>`), due a day before their
 * due date. Moving the date cancels and re-creates it; the handler also checks that the date it
 * carries is still the learner's, and that nothing was handed in since (decision 023).
 */
export const assignmentDueJob = defineJob({
  name: 'courses.assignment-due',
  latencySeconds: UNHURRIED,
  schema: z.object({ lessonId: z.uuid(), userId: z.uuid(), dueAt: z.iso.datetime() }),
  keyed: true,
});

export const assignmentDueKey = (lessonId: string, userId: string) => `${lessonId}:${userId}`;

export function registerAssignmentsJobs(
  jobs: QueueService,
  assignments: { remind(payload: z.infer<typeof assignmentDueJob.schema>): Promise<void> },
) {
  jobs.handle(assignmentDueJob, (payload) => assignments.remind(payload));
}
