import type { z } from 'zod';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { transaction } from '#server/db/transaction';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type {
  TLearnerQuiz,
  TQuizAttempt,
  TQuizStats,
  TTutorQuiz,
  ZQuizAnswers,
  ZQuizInput,
} from '#shared/courses/assessments.schemas';
import { assertTeaches, gradedLesson, readableLesson } from './assessment-access';
import { assessmentsRepo, type QuizRow } from './assessments.repo';
import { assertCan, editableCourse, visibleCourse } from '../course-access';
import type { Completion } from '../learning/course-completion';
import { learningRepo } from '../learning/course-learning.repo';
import { DEFAULT_QUIZ_ATTEMPTS } from '#shared/courses/assessments.schemas';
import {
  answersRevealed,
  gradeAnswers,
  presentAttempt,
  presentLearnerQuiz,
  presentTutorQuiz,
  quizStats,
  storeQuestions,
} from './quiz-grading';

/** A quiz lesson saved before its questions: nothing to answer yet. */
const emptyQuiz = (lessonId: string): QuizRow => ({
  lessonId,
  passPercent: 70,
  attemptsLimit: DEFAULT_QUIZ_ATTEMPTS,
  revealAnswers: 'after_passing',
  questions: [],
  updatedAt: new Date(0),
});

/** Quizzes: the tutor writes them, learners answer them, the server alone knows the answers. */
export function createQuizzesService(deps: { db: Db; completion: Completion; now: () => Date }) {
  const { db, completion, now } = deps;

  return {
    /** The quiz without its answers, and the viewer's own attempts. */
    async forLearner(user: TUser | null, courseId: string, lessonId: string): Promise<TLearnerQuiz> {
      const { course } = await readableLesson(db, user, courseId, lessonId, 'quiz');
      const quiz = (await assessmentsRepo.findQuiz(db, lessonId)) ?? emptyQuiz(lessonId);
      const attempts = user && course.enrolment ? await assessmentsRepo.attemptsOf(db, lessonId, user.id) : [];
      return presentLearnerQuiz(quiz, attempts);
    },

    /** The quiz with its answers, for its tutor's editor (and admins reviewing the course). */
    async forTutor(user: TUser, courseId: string, lessonId: string): Promise<TTutorQuiz> {
      const course = await visibleCourse(db, user, courseId);
      assertTeaches(user, course);
      await gradedLesson(db, courseId, lessonId, 'quiz');
      return presentTutorQuiz((await assessmentsRepo.findQuiz(db, lessonId)) ?? emptyQuiz(lessonId));
    },

    async save(
      user: TUser,
      courseId: string,
      lessonId: string,
      input: z.output<typeof ZQuizInput>,
    ): Promise<TTutorQuiz> {
      return transaction(db, async (tx) => {
        await editableCourse(tx, user, courseId);
        await gradedLesson(tx, courseId, lessonId, 'quiz');
        const row = await assessmentsRepo.saveQuiz(tx, {
          lessonId,
          passPercent: input.passPercent,
          attemptsLimit: input.attemptsLimit,
          revealAnswers: input.revealAnswers,
          questions: storeQuestions(input.questions),
        });
        return presentTutorQuiz(row);
      });
    },

    /**
     * Marks one attempt. The learner's enrolment is locked first, so concurrent submissions
     * count attempts one after the other and the limit holds exactly; a pass completes the
     * lesson (and maybe the course) in the same transaction.
     */
    async attempt(
      user: TUser,
      courseId: string,
      lessonId: string,
      input: z.output<typeof ZQuizAnswers>,
    ): Promise<TQuizAttempt> {
      return transaction(db, async (tx) => {
        const course = await visibleCourse(tx, user, courseId);
        assertCan(user, 'track', course, 'Enrol in this course to take its quizzes.');
        const enrolment = (await learningRepo.lockEnrolment(tx, user.id, courseId))!;
        await gradedLesson(tx, courseId, lessonId, 'quiz');
        const quiz = await assessmentsRepo.findQuiz(tx, lessonId);
        if (!quiz || quiz.questions.length === 0) throw new AppError('BAD_REQUEST', 'This quiz has no questions yet.');
        const previous = await assessmentsRepo.attemptsOf(tx, lessonId, user.id);
        // The same attempt sent again (answered offline, its answer lost): the first marking stands.
        if (input.clientId) {
          const same = previous.find((a) => a.id === input.clientId);
          if (same) return presentAttempt(quiz, same, answersRevealed(quiz, previous));
          if (await assessmentsRepo.attemptExists(tx, input.clientId))
            throw new AppError('CONFLICT', 'This attempt was already sent for another quiz.');
        }
        if (previous.some((a) => a.passed)) throw new AppError('CONFLICT', 'You have already passed this quiz.');
        if (quiz.attemptsLimit !== null && previous.length >= quiz.attemptsLimit) {
          throw new AppError('CONFLICT', `You have used all ${quiz.attemptsLimit} attempts at this quiz.`);
        }
        const graded = gradeAnswers(quiz, input);
        const row = await assessmentsRepo.insertAttempt(tx, {
          ...(input.clientId ? { id: input.clientId } : {}),
          lessonId,
          courseId,
          userId: user.id,
          number: previous.length + 1,
          ...graded,
          createdAt: now(),
        });
        if (graded.passed) await completion.passAssessment(tx, user, course.course, enrolment, lessonId);
        return presentAttempt(quiz, row, answersRevealed(quiz, [...previous, row]));
      });
    },

    async stats(user: TUser, courseId: string, lessonId: string): Promise<TQuizStats> {
      const course = await visibleCourse(db, user, courseId);
      assertTeaches(user, course);
      const lesson = await gradedLesson(db, courseId, lessonId, 'quiz');
      const quiz = (await assessmentsRepo.findQuiz(db, lessonId)) ?? emptyQuiz(lessonId);
      const attempts = (await assessmentsRepo.courseAttempts(db, [courseId])).filter((a) => a.lessonId === lessonId);
      return quizStats(quiz, lesson.title, attempts);
    },

    /** Statistics of every quiz of these courses (the tutor's dashboard). */
    async statsOf(courseIds: string[]): Promise<TQuizStats[]> {
      const quizzes = await assessmentsRepo.quizzesOf(db, courseIds);
      const attempts = await assessmentsRepo.courseAttempts(db, courseIds);
      return quizzes.map((q) =>
        quizStats(
          q.quiz,
          q.title,
          attempts.filter((a) => a.lessonId === q.quiz.lessonId),
        ),
      );
    },
  };
}

export type QuizzesService = ReturnType<typeof createQuizzesService>;
