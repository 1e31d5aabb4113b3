import { count, eq, sql } from 'drizzle-orm';
import type { MemberActivity } from '../admin/admin-members.service';
import { utcDay, type DailySource } from '../admin/admin-stats';
import { applicationEvents, jobApplications, jobs } from './jobs.table';

/**
 * The jobs area in the admin console (issue 16, Overview and Members): jobs opened, jobs filled
 * and applications by UTC day, each one grouped query over an index of the custom migration
 * admin_figures_custom; and a member's jobs activity.
 */

/** Jobs opened: by the day a job first opened (`posted_at`; a draft has none until it opens). */
const jobsOpened: DailySource = {
  series: [{ key: 'jobsOpened', label: 'Jobs opened', unit: 'count' }],
  query: (tx, from, to) =>
    tx
      .select({ day: utcDay(jobs.postedAt), jobsOpened: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.postedAt} >= ${from} and ${jobs.postedAt} < ${to}`)
      .groupBy(sql`1`),
};

/**
 * Jobs filled: by the day of a job's first hire (an application moved to `hired`). A job that
 * hires again later counts once, on its first day; the events are append-only, so the day stays.
 */
const earlier = sql.raw('earlier');
const earlierApp = sql.raw('earlier_app');
const jobsFilled: DailySource = {
  series: [{ key: 'jobsFilled', label: 'Jobs filled', unit: 'count' }],
  query: (tx, from, to) =>
    tx
      .select({ day: utcDay(applicationEvents.createdAt), jobsFilled: sql<number>`count(distinct ${jobApplications.jobId})::int` })
      .from(applicationEvents)
      .innerJoin(jobApplications, eq(jobApplications.id, applicationEvents.applicationId))
      .where(
        sql`${applicationEvents.status} = 'hired' and ${applicationEvents.createdAt} >= ${from} and ${applicationEvents.createdAt} < ${to}
          and not exists (
            select 1 from ${applicationEvents} ${earlier}
            join ${jobApplications} ${earlierApp} on ${earlierApp}.id = ${earlier}.application_id
            where ${earlierApp}.job_id = ${jobApplications.jobId} and ${earlier}.status = 'hired' and ${earlier}.created_at < ${applicationEvents.createdAt}
          )`,
      )
      .groupBy(sql`1`),
};

/** Applications sent, withdrawn ones included: by the day they were sent. */
const applications: DailySource = {
  series: [{ key: 'applications', label: 'Job applications', unit: 'count' }],
  query: (tx, from, to) =>
    tx
      .select({ day: utcDay(jobApplications.createdAt), applications: sql<number>`count(*)::int` })
      .from(jobApplications)
      .where(sql`${jobApplications.createdAt} >= ${from} and ${jobApplications.createdAt} < ${to}`)
      .groupBy(sql`1`),
};

export const jobFigures: DailySource[] = [jobsOpened, jobsFilled, applications];

export const jobActivity: MemberActivity[] = [
  {
    label: 'Jobs posted',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(jobs).where(eq(jobs.employerId, userId));
      return row?.n ?? 0;
    },
  },
  {
    label: 'Job applications sent',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(jobApplications).where(eq(jobApplications.applicantId, userId));
      return row?.n ?? 0;
    },
  },
];
