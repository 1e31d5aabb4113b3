import type { DbOrTx } from '#server/db/client';
import { jobsPrivacyRepo } from './jobs-privacy.repo';

/**
 * The privacy registry's pieces for jobs (decision 020): the jobs a member posted, their
 * applications with their history, the jobs they saved and today's record of the jobs they
 * viewed; and their erasure.
 */
export const exportJobs = (userId: string, tx: DbOrTx) => jobsPrivacyRepo.export(tx, userId);

/**
 * Erases the member's applications (and their history), saved jobs and posted jobs (with the
 * applications to them: a job without its employer cannot hire). Moves they made on others'
 * applications stay, forgetting who made them.
 */
export const eraseJobs = (userId: string, tx: DbOrTx) => jobsPrivacyRepo.erase(tx, userId);
