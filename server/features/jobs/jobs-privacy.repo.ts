import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { memberRows } from '#server/db/member-rows';
import { jobViewsRepo } from './job-views.repo';
import { applicationEvents, jobApplications, jobSearches, jobs, savedJobs } from './jobs.table';

/** What jobs hold of a member, for their export and erasure (jobs.privacy.ts says what goes). */
export const jobsPrivacyRepo = {
  async export(tx: DbOrTx, userId: string) {
    const posted = await memberRows(tx, jobs, jobs.employerId, userId, [
      'id',
      'title',
      'companyName',
      'location',
      'status',
      'createdAt',
    ]);
    const applications = await tx
      .select({
        id: jobApplications.id,
        jobId: jobApplications.jobId,
        jobTitle: jobs.title,
        status: jobApplications.status,
        coverLetter: jobApplications.coverLetter,
        cvUploadId: jobApplications.cvUploadId,
        answers: jobApplications.answers,
        createdAt: jobApplications.createdAt,
      })
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(eq(jobApplications.applicantId, userId));
    // The seeker's own timeline: stages and when, without the employer's private notes.
    const history = applications.length
      ? await tx
          .select({
            applicationId: applicationEvents.applicationId,
            status: applicationEvents.status,
            at: applicationEvents.createdAt,
          })
          .from(applicationEvents)
          .where(
            inArray(
              applicationEvents.applicationId,
              applications.map((a) => a.id),
            ),
          )
      : [];
    const saved = await tx
      .select({ jobId: savedJobs.jobId, savedAt: savedJobs.createdAt })
      .from(savedJobs)
      .where(eq(savedJobs.userId, userId));
    const searches = await memberRows(tx, jobSearches, jobSearches.userId, userId, [
      'name',
      'query',
      'emailDigest',
      'createdAt',
    ]);
    // Today's record that they viewed a job (kept until the day ends, to count each viewer once).
    const viewedToday = await jobViewsRepo.ofMember(tx, userId);
    return {
      viewedToday,
      savedSearches: searches,
      jobsPosted: posted,
      applications: applications.map((a) => ({ ...a, history: history.filter((e) => e.applicationId === a.id) })),
      savedJobs: saved,
    };
  },

  async erase(tx: DbOrTx, userId: string) {
    await tx.update(applicationEvents).set({ actorId: null }).where(eq(applicationEvents.actorId, userId));
    const applications = await tx
      .delete(jobApplications)
      .where(eq(jobApplications.applicantId, userId))
      .returning({ id: jobApplications.id });
    await tx.delete(savedJobs).where(eq(savedJobs.userId, userId));
    await tx.delete(jobSearches).where(eq(jobSearches.userId, userId));
    await jobViewsRepo.eraseMember(tx, userId);
    const posted = await tx.delete(jobs).where(eq(jobs.employerId, userId)).returning({ id: jobs.id });
    return { applications: applications.length, jobsPosted: posted.length };
  },
};
