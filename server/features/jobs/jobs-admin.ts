import type { MemberActivity } from '../admin';
import type { DailySource } from '../admin';
import { jobsAdminRepo } from './jobs-admin.repo';

/**
 * The jobs area in the admin console (issue 16, Overview and Members): jobs opened, jobs filled
 * and applications by UTC day, each one grouped query over an index of the custom migration
 * admin_figures_custom; and a member's jobs activity.
 */

/** Jobs opened: by the day a job first opened (`posted_at`; a draft has none until it opens). */
const jobsOpened: DailySource = {
  series: [{ key: 'jobsOpened', label: 'Jobs opened', unit: 'count' }],
  query: (tx, from, to) => jobsAdminRepo.jobsOpened(tx, from, to),
};

/**
 * Jobs filled: by the day of a job's first hire (an application moved to `hired`). A job that
 * hires again later counts once, on its first day; the events are append-only, so the day stays.
 */
const jobsFilled: DailySource = {
  series: [{ key: 'jobsFilled', label: 'Jobs filled', unit: 'count' }],
  query: (tx, from, to) => jobsAdminRepo.jobsFilled(tx, from, to),
};

/** Applications sent, withdrawn ones included: by the day they were sent. */
const applications: DailySource = {
  series: [{ key: 'applications', label: 'Job applications', unit: 'count' }],
  query: (tx, from, to) => jobsAdminRepo.applications(tx, from, to),
};

export const jobFigures: DailySource[] = [jobsOpened, jobsFilled, applications];

export const jobActivity: MemberActivity[] = [
  { label: 'Jobs posted', count: (userId, tx) => jobsAdminRepo.postedBy(tx, userId) },
  { label: 'Job applications sent', count: (userId, tx) => jobsAdminRepo.applicationsBy(tx, userId) },
];
