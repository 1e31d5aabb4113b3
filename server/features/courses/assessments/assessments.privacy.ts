import type { DbOrTx } from '#server/db/client';
import { assessmentsPrivacyRepo } from '../courses-privacy.repo';

/**
 * The privacy registry's pieces for quizzes and assignments (the integrator wires them): what a
 * member gave (their answers and work, with grades), and its erasure. The quizzes and
 * assignments a tutor wrote belong to their courses and go with those.
 */
export const exportAssessments = (userId: string, tx: DbOrTx) => assessmentsPrivacyRepo.export(tx, userId);

/**
 * Erases the member's attempts and submissions (their uploaded files are then unreferenced and
 * garbage-collected). A grade they gave as a tutor keeps the work but forgets who graded it.
 */
export const eraseAssessments = (userId: string, tx: DbOrTx) => assessmentsPrivacyRepo.erase(tx, userId);
