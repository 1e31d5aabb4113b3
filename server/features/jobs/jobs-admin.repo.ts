import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { utcDay } from '#server/db/utc-day';
import { applicationEvents, jobApplications, jobs } from './jobs.table';

const earlier = sql.raw('earlier');
const earlierApp = sql.raw('earlier_app');

/**
 * The jobs area's figures for the admin console, by UTC day, each one grouped query over an index
 * of the custom migration admin_figures_custom; and a member's jobs activity.
 */
export const jobsAdminRepo = {
  /** By the day a job first opened (`posted_at`; a draft has none until it opens). */
  jobsOpened: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(jobs.postedAt), jobsOpened: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.postedAt} >= ${from} and ${jobs.postedAt} < ${to}`)
      .groupBy(sql`1`),

  /** By the day of a job's first hire: a job that hires again later counts once, on its first day. */
  jobsFilled: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({
        day: utcDay(applicationEvents.createdAt),
        jobsFilled: sql<number>`count(distinct ${jobApplications.jobId})::int`,
      })
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

  /** Applications sent, withdrawn ones included: by the day they were sent. */
  applications: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(jobApplications.createdAt), applications: sql<number>`count(*)::int` })
      .from(jobApplications)
      .where(sql`${jobApplications.createdAt} >= ${from} and ${jobApplications.createdAt} < ${to}`)
      .groupBy(sql`1`),

  async postedBy(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.employerId, userId));
    return row?.n ?? 0;
  },

  async applicationsBy(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(jobApplications).where(eq(jobApplications.applicantId, userId));
    return row?.n ?? 0;
  },
};
