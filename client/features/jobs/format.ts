import {
  EXPERIENCE_LABELS,
  JOB_TYPE_LABELS,
  WORKPLACE_LABELS,
  formatSalary,
  type TJobSummary,
} from '#shared/jobs/jobs.schemas';
import { formatCalendarDate } from '#shared/format';

export { formatSalary };

/** "Lagos · Hybrid · Full-time"; "Remote · Full-time" when the location already says the work mode. */
export function jobFacts(job: Pick<TJobSummary, 'location' | 'workplace' | 'type' | 'experience'>): string {
  const workplace = WORKPLACE_LABELS[job.workplace];
  const saysWorkplace = new RegExp(`\\b${workplace}\\b`, 'i').test(job.location);
  return [
    job.location,
    saysWorkplace ? null : workplace,
    JOB_TYPE_LABELS[job.type],
    job.experience ? EXPERIENCE_LABELS[job.experience] : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export const formatDate = (iso: string) => formatCalendarDate(new Date(iso));

/** "4 of 6 skills". */
export const matchLabel = (m: { shared: number; total: number }) =>
  `${m.shared} of ${m.total} skill${m.total === 1 ? '' : 's'}`;

/** Whether the deadline has passed (the job may still say open until the queue closes it). */
export const pastDeadline = (job: Pick<TJobSummary, 'deadline'>, now = Date.now()) =>
  Boolean(job.deadline && new Date(job.deadline).getTime() <= now);
