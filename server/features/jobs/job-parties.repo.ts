import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { jobApplications, jobs } from './jobs.table';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sharedCv = { status: jobApplications.status, updatedAt: jobApplications.updatedAt };

/** Who takes part in a job besides its readers: its employer and the members who applied. */
export const jobPartiesRepo = {
  /** The applications of `seekerId` to jobs of `employerId`, for the CV rule (jobs.policy's employerReadsCv). */
  applicationsTo(db: DbOrTx, employerId: string, seekerId: string) {
    return db
      .select(sharedCv)
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(and(eq(jobs.employerId, employerId), eq(jobApplications.applicantId, seekerId)));
  },

  /** The applications to jobs of `employerId` that carry this CV upload, for the same rule. */
  applicationsCarrying(db: DbOrTx, employerId: string, uploadId: string) {
    return db
      .select(sharedCv)
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(and(eq(jobs.employerId, employerId), eq(jobApplications.cvUploadId, uploadId)));
  },

  /** Chat's `job` context (decision 048): a conversation about a job is between its employer and an applicant. */
  async takePart(db: DbOrTx, jobId: string, [a, b]: readonly [string, string]): Promise<boolean> {
    if (!UUID.test(jobId)) return false;
    const applied = (userId: string) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(jobApplications)
          .where(and(eq(jobApplications.jobId, jobs.id), eq(jobApplications.applicantId, userId))),
      );
    const [row] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(eq(jobs.id, jobId), or(and(eq(jobs.employerId, a), applied(b)), and(eq(jobs.employerId, b), applied(a)))),
      )
      .limit(1);
    return Boolean(row);
  },
};
