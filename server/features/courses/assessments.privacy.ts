import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assignmentSubmissions, quizAttempts } from './assessments.table';

/**
 * The privacy registry's pieces for quizzes and assignments (the integrator wires them): what a
 * member gave (their answers and work, with grades), and its erasure. The quizzes and
 * assignments a tutor wrote belong to their courses and go with those.
 */
export async function exportAssessments(userId: string, tx: DbOrTx) {
  const attempts = await tx
    .select({
      lessonId: quizAttempts.lessonId,
      courseId: quizAttempts.courseId,
      number: quizAttempts.number,
      scorePercent: quizAttempts.scorePercent,
      passed: quizAttempts.passed,
      answers: quizAttempts.answers,
      createdAt: quizAttempts.createdAt,
    })
    .from(quizAttempts)
    .where(eq(quizAttempts.userId, userId));
  const submissions = await tx
    .select({
      lessonId: assignmentSubmissions.lessonId,
      courseId: assignmentSubmissions.courseId,
      kind: assignmentSubmissions.kind,
      text: assignmentSubmissions.text,
      url: assignmentSubmissions.url,
      uploadId: assignmentSubmissions.uploadId,
      status: assignmentSubmissions.status,
      feedback: assignmentSubmissions.feedback,
      late: assignmentSubmissions.late,
      submittedAt: assignmentSubmissions.submittedAt,
      gradedAt: assignmentSubmissions.gradedAt,
    })
    .from(assignmentSubmissions)
    .where(eq(assignmentSubmissions.userId, userId));
  return { quizAttempts: attempts, assignmentSubmissions: submissions };
}

/**
 * Erases the member's attempts and submissions (their uploaded files are then unreferenced and
 * garbage-collected). A grade they gave as a tutor keeps the work but forgets who graded it.
 */
export async function eraseAssessments(userId: string, tx: DbOrTx): Promise<{ quizAttempts: number; assignmentSubmissions: number }> {
  const attempts = await tx.delete(quizAttempts).where(eq(quizAttempts.userId, userId)).returning({ id: quizAttempts.id });
  const submissions = await tx.delete(assignmentSubmissions).where(eq(assignmentSubmissions.userId, userId)).returning({ id: assignmentSubmissions.id });
  await tx.update(assignmentSubmissions).set({ gradedBy: null }).where(eq(assignmentSubmissions.gradedBy, userId));
  return { quizAttempts: attempts.length, assignmentSubmissions: submissions.length };
}
