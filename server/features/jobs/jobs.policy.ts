import type { TUser } from '#shared/accounts/accounts.schemas';
import { holdsRole } from '#shared/roles';
import { AppError } from '#server/lib/errors';
import type { ApplicationRow, JobRow } from './jobs.repo';

/**
 * Who may see and change a job (issue 13). Open and closed jobs are public; a draft is its
 * employer's (and admins'), and to anyone else it does not exist. Suspension from `jobs` is
 * checked by the routes' guards before any of this.
 */
export function visibleTo(user: TUser | null, job: Pick<JobRow, 'status' | 'employerId'>): boolean {
  if (job.status !== 'draft') return true;
  return Boolean(user && (user.id === job.employerId || user.role === 'admin'));
}

/** The job's employer edits it; admins only take jobs down. */
export function mayEdit(user: TUser | null, job: Pick<JobRow, 'employerId'>): boolean {
  return Boolean(user && user.id === job.employerId);
}

/** docs/product.md "Capabilities": posting jobs needs the employer role, held in any place. */
export function assertMayPost(user: TUser): void {
  if (user.role === 'admin') throw new AppError('FORBIDDEN', 'Administrator accounts do not post jobs.');
  if (!holdsRole(user, 'employer')) {
    throw new AppError('FORBIDDEN', 'Posting jobs needs the employer role: take it on from your profile first.');
  }
}

/** Edits and closing: the job's employer; a draft of someone else's is a 404, a public job a 403. */
export function assertOwnsJob(user: TUser, job: JobRow | undefined): asserts job is JobRow {
  if (!job || !visibleTo(user, job)) throw new AppError('NOT_FOUND', 'Job not found.');
  if (!mayEdit(user, job)) throw new AppError('FORBIDDEN', 'Only the employer who posted this job can change it.');
}

/** Applying: a signed-in member, not the job's own employer, not an administrator. */
export function assertMayApply(user: TUser, job: JobRow): void {
  if (user.role === 'admin') throw new AppError('FORBIDDEN', 'Administrator accounts do not apply to jobs.');
  if (job.employerId === user.id) throw new AppError('FORBIDDEN', 'You cannot apply to your own job.');
}

/** How long a rejected applicant's CV stays readable to the employer, for the hiring record (decision 048). */
export const REJECTED_CV_DAYS = 30;
const REJECTED_CV_MS = REJECTED_CV_DAYS * 24 * 60 * 60_000;

/**
 * Whether the job's employer still reads the CV this application shared (decision 048): not once
 * the seeker withdrew it; for REJECTED_CV_DAYS after a rejection, which is final, so the row's
 * `updatedAt` is when it happened; while it is anywhere else in the pipeline, hired included.
 */
export function employerReadsCv(application: Pick<ApplicationRow, 'status' | 'updatedAt'>, now: Date): boolean {
  if (application.status === 'withdrawn') return false;
  if (application.status === 'rejected') return now.getTime() - application.updatedAt.getTime() < REJECTED_CV_MS;
  return true;
}
