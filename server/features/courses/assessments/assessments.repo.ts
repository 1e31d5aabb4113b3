import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TRevealAnswers } from '#shared/courses/assessments.schemas';
import { people, personColumns } from '#server/features/accounts';
import {
  assignmentSubmissions,
  lessonAssignments,
  lessonQuizzes,
  quizAttempts,
  type AssignmentRow,
  type QuizAttemptRow,
  type QuizRow,
  type StoredAnswer,
  type StoredQuestion,
  type SubmissionRow,
} from './assessments.table';
import { enrolments } from '../learning/course-learning.table';
import { courses, lessons } from '../catalogue/courses.table';

export type { AssignmentRow, QuizAttemptRow, QuizRow, StoredAnswer, StoredQuestion } from './assessments.table';

/** Quizzes, attempts, assignments and submissions: the only file that reads or writes them. */
export const assessmentsRepo = {
  async findQuiz(db: DbOrTx, lessonId: string): Promise<QuizRow | undefined> {
    const [row] = await db.select().from(lessonQuizzes).where(eq(lessonQuizzes.lessonId, lessonId)).limit(1);
    return row;
  },

  async saveQuiz(
    tx: DbOrTx,
    values: {
      lessonId: string;
      passPercent: number;
      attemptsLimit: number | null;
      revealAnswers: TRevealAnswers;
      questions: StoredQuestion[];
    },
  ): Promise<QuizRow> {
    const { lessonId: _id, ...set } = values;
    const [row] = await tx
      .insert(lessonQuizzes)
      .values(values)
      .onConflictDoUpdate({ target: lessonQuizzes.lessonId, set: { ...set, updatedAt: sql`now()` } })
      .returning();
    return row!;
  },

  async attemptsOf(db: DbOrTx, lessonId: string, userId: string): Promise<QuizAttemptRow[]> {
    return db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.lessonId, lessonId), eq(quizAttempts.userId, userId)))
      .orderBy(asc(quizAttempts.number));
  },

  async attemptExists(db: DbOrTx, id: string): Promise<boolean> {
    const [row] = await db.select({ id: quizAttempts.id }).from(quizAttempts).where(eq(quizAttempts.id, id)).limit(1);
    return Boolean(row);
  },

  async insertAttempt(
    tx: DbOrTx,
    values: {
      /** The device's id for the attempt, when it made one (an attempt queued offline). */
      id?: string;
      lessonId: string;
      courseId: string;
      userId: string;
      number: number;
      scorePercent: number;
      passed: boolean;
      answers: StoredAnswer[];
      createdAt: Date;
    },
  ): Promise<QuizAttemptRow> {
    const [row] = await tx.insert(quizAttempts).values(values).returning();
    return row!;
  },

  /** Every attempt at the course's quizzes, for statistics. */
  async courseAttempts(db: DbOrTx, courseIds: string[]) {
    if (courseIds.length === 0) return [];
    return db
      .select({
        lessonId: quizAttempts.lessonId,
        userId: quizAttempts.userId,
        scorePercent: quizAttempts.scorePercent,
        passed: quizAttempts.passed,
        answers: quizAttempts.answers,
      })
      .from(quizAttempts)
      .where(inArray(quizAttempts.courseId, courseIds));
  },

  /** The quizzes of these courses with their lesson titles, in course order. */
  async quizzesOf(db: DbOrTx, courseIds: string[]) {
    if (courseIds.length === 0) return [];
    return db
      .select({ quiz: lessonQuizzes, title: lessons.title, courseId: lessons.courseId })
      .from(lessonQuizzes)
      .innerJoin(lessons, eq(lessons.id, lessonQuizzes.lessonId))
      .where(inArray(lessons.courseId, courseIds))
      .orderBy(asc(lessons.courseId), asc(lessons.position));
  },

  async findAssignment(db: DbOrTx, lessonId: string): Promise<AssignmentRow | undefined> {
    const [row] = await db.select().from(lessonAssignments).where(eq(lessonAssignments.lessonId, lessonId)).limit(1);
    return row;
  },

  async saveAssignment(
    tx: DbOrTx,
    values: { lessonId: string; dueAt: Date | null; dueDays: number | null },
  ): Promise<AssignmentRow> {
    const [row] = await tx
      .insert(lessonAssignments)
      .values(values)
      .onConflictDoUpdate({
        target: lessonAssignments.lessonId,
        set: { dueAt: values.dueAt, dueDays: values.dueDays, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  },

  /** The course's enrolled learners and when each enrolled (a relative due date counts from it). */
  async enrolled(db: DbOrTx, courseId: string): Promise<Array<{ userId: string; enrolledAt: Date }>> {
    return db
      .select({ userId: enrolments.userId, enrolledAt: enrolments.createdAt })
      .from(enrolments)
      .where(eq(enrolments.courseId, courseId));
  },

  async findSubmission(db: DbOrTx, lessonId: string, userId: string): Promise<SubmissionRow | undefined> {
    const [row] = await db
      .select()
      .from(assignmentSubmissions)
      .where(and(eq(assignmentSubmissions.lessonId, lessonId), eq(assignmentSubmissions.userId, userId)))
      .limit(1);
    return row;
  },

  async findSubmissionById(db: DbOrTx, courseId: string, id: string, lock = false): Promise<SubmissionRow | undefined> {
    const query = db
      .select()
      .from(assignmentSubmissions)
      .where(and(eq(assignmentSubmissions.id, id), eq(assignmentSubmissions.courseId, courseId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** A first submission, or a resubmission that replaces the work and waits for a grade again. */
  async upsertSubmission(
    tx: DbOrTx,
    values: Pick<
      SubmissionRow,
      'lessonId' | 'courseId' | 'userId' | 'kind' | 'text' | 'url' | 'uploadId' | 'late' | 'submittedAt'
    >,
  ): Promise<SubmissionRow> {
    const { lessonId: _l, courseId: _c, userId: _u, ...work } = values;
    const [row] = await tx
      .insert(assignmentSubmissions)
      .values(values)
      .onConflictDoUpdate({
        target: [assignmentSubmissions.lessonId, assignmentSubmissions.userId],
        set: {
          ...work,
          status: 'submitted',
          gradedAt: null,
          gradedBy: null,
          rounds: sql`${assignmentSubmissions.rounds} + 1`,
        },
      })
      .returning();
    return row!;
  },

  async grade(
    tx: DbOrTx,
    id: string,
    values: Pick<SubmissionRow, 'status' | 'feedback' | 'gradedAt' | 'gradedBy'>,
  ): Promise<SubmissionRow> {
    const [row] = await tx
      .update(assignmentSubmissions)
      .set(values)
      .where(eq(assignmentSubmissions.id, id))
      .returning();
    return row!;
  },

  /**
   * Submissions with their lesson, course and learner: a course's, a learner's, or every
   * waiting one of a tutor's courses, oldest first.
   */
  async submissions(
    db: DbOrTx,
    where: { courseId?: string; lessonId?: string; userId?: string; tutorId?: string; waiting?: boolean },
    now: Date,
  ) {
    const learner = people('learner');
    const filters = [
      where.courseId ? eq(assignmentSubmissions.courseId, where.courseId) : undefined,
      where.lessonId ? eq(assignmentSubmissions.lessonId, where.lessonId) : undefined,
      where.userId ? eq(assignmentSubmissions.userId, where.userId) : undefined,
      where.tutorId ? eq(courses.tutorId, where.tutorId) : undefined,
      where.waiting ? eq(assignmentSubmissions.status, 'submitted') : undefined,
    ];
    return db
      .select({
        submission: assignmentSubmissions,
        lessonTitle: lessons.title,
        courseTitle: courses.title,
        learner: personColumns(learner, now),
        assignment: lessonAssignments,
        enrolledAt: enrolments.createdAt,
      })
      .from(assignmentSubmissions)
      .innerJoin(lessons, eq(lessons.id, assignmentSubmissions.lessonId))
      .innerJoin(courses, eq(courses.id, assignmentSubmissions.courseId))
      .innerJoin(learner, eq(learner.id, assignmentSubmissions.userId))
      .leftJoin(lessonAssignments, eq(lessonAssignments.lessonId, assignmentSubmissions.lessonId))
      .leftJoin(
        enrolments,
        and(
          eq(enrolments.userId, assignmentSubmissions.userId),
          eq(enrolments.courseId, assignmentSubmissions.courseId),
        ),
      )
      .where(and(...filters))
      .orderBy(asc(assignmentSubmissions.submittedAt), asc(assignmentSubmissions.id))
      .limit(200);
  },

  /** Graded lessons of a course with the learner's best passing score (quizzes): what a certificate lists. */
  async gradedLessons(db: DbOrTx, courseId: string, userId: string) {
    return db
      .select({
        id: lessons.id,
        kind: lessons.kind,
        title: lessons.title,
        bestScore: sql<number | null>`max(${quizAttempts.scorePercent})`,
      })
      .from(lessons)
      .leftJoin(
        quizAttempts,
        and(eq(quizAttempts.lessonId, lessons.id), eq(quizAttempts.userId, userId), eq(quizAttempts.passed, true)),
      )
      .where(and(eq(lessons.courseId, courseId), inArray(lessons.kind, ['quiz', 'assignment'])))
      .groupBy(lessons.id)
      .orderBy(asc(lessons.position));
  },

  /** Uploads linked by submissions, for garbage collection's referrer. */
  async uploadIdsInUse(db: DbOrTx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectDistinct({ id: assignmentSubmissions.uploadId })
      .from(assignmentSubmissions)
      .where(inArray(assignmentSubmissions.uploadId, ids));
    return rows.map((r) => r.id!);
  },

  /** Who may read a submitted file: its learner and the course's tutor. */
  async uploadReaders(db: DbOrTx, uploadId: string): Promise<Array<{ learnerId: string; tutorId: string }>> {
    return db
      .select({ learnerId: assignmentSubmissions.userId, tutorId: courses.tutorId })
      .from(assignmentSubmissions)
      .innerJoin(courses, eq(courses.id, assignmentSubmissions.courseId))
      .where(eq(assignmentSubmissions.uploadId, uploadId));
  },

  async assignmentsOf(db: DbOrTx, courseId: string): Promise<AssignmentRow[]> {
    return db
      .select({
        lessonId: lessonAssignments.lessonId,
        dueAt: lessonAssignments.dueAt,
        dueDays: lessonAssignments.dueDays,
        updatedAt: lessonAssignments.updatedAt,
      })
      .from(lessonAssignments)
      .innerJoin(lessons, eq(lessons.id, lessonAssignments.lessonId))
      .where(and(eq(lessons.courseId, courseId), eq(lessons.kind, 'assignment')));
  },

  async lessonWithCourse(db: DbOrTx, lessonId: string) {
    const [row] = await db
      .select({
        id: lessons.id,
        kind: lessons.kind,
        title: lessons.title,
        courseId: lessons.courseId,
        courseTitle: courses.title,
      })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(eq(lessons.id, lessonId))
      .limit(1);
    return row;
  },

  async courseIdsOfTutor(db: DbOrTx, tutorId: string): Promise<string[]> {
    const rows = await db.select({ id: courses.id }).from(courses).where(eq(courses.tutorId, tutorId));
    return rows.map((r) => r.id);
  },
};
