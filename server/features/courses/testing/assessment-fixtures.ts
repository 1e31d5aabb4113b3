import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TQuizInput } from '#shared/courses/assessments.schemas';
import type { Harness } from '#server/test/harness';
import { makeCourse } from './course-fixtures';

/** Right answers the tests look for in every response a learner gets. */
export const SECRET_SHORT_ANSWER = 'Ọbàtálá-secret-answer';
export const RIGHT_OPTION = 'Kobo-right-option';

export const quizInput = (over: Partial<TQuizInput> = {}): TQuizInput => ({
  passPercent: 50,
  attemptsLimit: null,
  questions: [
    {
      kind: 'single',
      prompt: 'What is the smallest unit of the naira?',
      options: [{ text: RIGHT_OPTION }, { text: 'Cent' }, { text: 'Pence' }],
      correct: [0],
      explanation: 'A naira has 100 kobo.',
    },
    {
      kind: 'short',
      prompt: 'Name the orisha of creation.',
      accepted: [SECRET_SHORT_ANSWER],
      explanation: 'Told in Yorùbá stories.',
    },
  ],
  ...over,
});

export interface AssessedCourse {
  id: string;
  textLessonId: string;
  quizLessonId: string;
  assignmentLessonId: string;
  /** The ids of the quiz's options, first to last, and of its questions. */
  questionIds: string[];
  rightOptionId: string;
}

/**
 * A published course of `tutor` with a text lesson, a quiz (one choice question, one short
 * answer) and an assignment, in one section.
 */
export async function makeAssessedCourse(
  h: Harness,
  tutor: TUser,
  admin: TUser,
  opts: {
    quiz?: Partial<TQuizInput>;
    dueAt?: Date | null;
    dueDays?: number | null;
    status?: 'draft' | 'published';
  } = {},
): Promise<AssessedCourse> {
  const { courseContent, quizzes, assignments } = h.services;
  const course = await makeCourse(h, tutor, { status: 'draft', lessons: 1 });
  const quizLesson = await courseContent.addLesson(tutor, course.id, course.sectionId, {
    kind: 'quiz',
    title: 'Check your money words',
    body: 'Two questions.',
    durationSeconds: 0,
    preview: false,
    attachmentUploadIds: [],
  });
  const assignmentLesson = await courseContent.addLesson(tutor, course.id, course.sectionId, {
    kind: 'assignment',
    title: 'Build your first price list',
    body: 'Make a price list for five products.',
    durationSeconds: 0,
    preview: false,
    attachmentUploadIds: [],
  });
  const input = quizInput(opts.quiz);
  const quiz = await quizzes.save(tutor, course.id, quizLesson.id, {
    passPercent: input.passPercent ?? 70,
    // Unlimited unless a test sets a limit: most tests are not about attempts.
    attemptsLimit: input.attemptsLimit ?? null,
    revealAnswers: input.revealAnswers ?? 'after_passing',
    questions: input.questions.map((q) => ({ options: [], correct: [], accepted: [], explanation: '', ...q })),
  });
  await assignments.save(tutor, course.id, assignmentLesson.id, {
    dueAt: opts.dueAt?.toISOString() ?? null,
    dueDays: opts.dueDays ?? null,
  });
  if ((opts.status ?? 'published') === 'published') {
    await h.services.courses.submit(tutor, course.id);
    await h.services.courses.decide(admin, course.id, { decision: 'approve' });
  }
  return {
    id: course.id,
    textLessonId: course.lessonIds[0]!,
    quizLessonId: quizLesson.id,
    assignmentLessonId: assignmentLesson.id,
    questionIds: quiz.questions.map((q) => q.id),
    rightOptionId: quiz.questions[0]!.options[0]!.id,
  };
}

/** Answers that pass the quiz of makeAssessedCourse (both right). */
export const rightAnswers = (c: AssessedCourse) => ({
  answers: [
    { questionId: c.questionIds[0]!, optionIds: [c.rightOptionId], text: '' },
    // Accents, case and outer spaces do not count.
    {
      questionId: c.questionIds[1]!,
      optionIds: [],
      text: `  ${SECRET_SHORT_ANSWER.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()} `,
    },
  ],
});
export const wrongAnswers = (c: AssessedCourse) => ({
  answers: [
    { questionId: c.questionIds[0]!, optionIds: [], text: '' },
    { questionId: c.questionIds[1]!, optionIds: [], text: 'Sango' },
  ],
});
