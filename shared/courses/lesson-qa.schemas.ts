import { z } from 'zod';
import { ZPersonRef } from './courses.schemas';

/** Lesson Q&A (decision 024): questions on a lesson, answers, the tutor's mark and pin. */
export const LESSON_QUESTIONS_PAGE_SIZE = 20;

export const ZQuestionInput = z.object({
  title: z.string().trim().min(5, 'Ask in at least 5 characters').max(150, 'Keep the question to 150 characters'),
  body: z.string().trim().max(5000, 'Details must be at most 5,000 characters').default(''),
});
export type TQuestionInput = z.input<typeof ZQuestionInput>;

export const ZAnswerInput = z.object({
  body: z.string().trim().min(1, 'Write an answer').max(5000, 'An answer must be at most 5,000 characters'),
});
export type TAnswerInput = z.input<typeof ZAnswerInput>;

export const ZQuestionsQuery = z.object({
  lessonId: z.uuid('Lesson not found').optional(),
  q: z.string().trim().max(100, 'Search at most 100 characters').optional(),
  page: z.coerce.number().int().min(1).max(1_000).default(1),
});
export type TQuestionsQuery = z.input<typeof ZQuestionsQuery>;

export const ZLessonQuestion = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  lessonId: z.uuid(),
  lessonTitle: z.string(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  answerCount: z.number().int(),
  answered: z.boolean(),
  /** Whether the tutor marked one answer. */
  resolved: z.boolean(),
  author: ZPersonRef,
  createdAt: z.string(),
});
export type TLessonQuestion = z.infer<typeof ZLessonQuestion>;

export const ZLessonAnswer = z.object({
  id: z.uuid(),
  body: z.string(),
  accepted: z.boolean(),
  /** The answer is the course tutor's: shown with a "Tutor" badge. */
  byTutor: z.boolean(),
  author: ZPersonRef,
  createdAt: z.string(),
});
export type TLessonAnswer = z.infer<typeof ZLessonAnswer>;

export const ZQuestionList = z.object({
  questions: z.array(ZLessonQuestion),
  total: z.number().int(),
  page: z.number().int(),
});
export type TQuestionList = z.infer<typeof ZQuestionList>;

export const ZQuestionThread = z.object({ question: ZLessonQuestion, answers: z.array(ZLessonAnswer) });
export type TQuestionThread = z.infer<typeof ZQuestionThread>;

export const ZAcceptInput = z.object({ answerId: z.uuid('Answer not found').nullable() });
export const ZPinInput = z.object({ pinned: z.boolean() });

/** The tutor dashboard: questions on the tutor's courses that nobody has answered, oldest first. */
export const ZUnansweredList = z.object({
  questions: z.array(ZLessonQuestion.extend({ courseTitle: z.string() })),
});
export type TUnansweredList = z.infer<typeof ZUnansweredList>;
