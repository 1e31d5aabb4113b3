import { z } from 'zod';
import { ZUpload } from '../uploads/uploads.schemas';

/**
 * Quizzes and assignments (graded lessons). The tutor's quiz carries the correct answers; the
 * learner's never does: ZLearnerQuiz has no field that could hold one (decision 023).
 */
export const QUESTION_KINDS = ['single', 'multiple', 'short'] as const;
export type TQuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<TQuestionKind, string> = {
  single: 'One answer',
  multiple: 'Several answers',
  short: 'Short exact answer',
};

const ZOptionInput = z.object({
  id: z.uuid().optional(),
  text: z.string().trim().min(1, 'Write the option').max(300, 'At most 300 characters'),
});

export const ZQuestionInput = z
  .object({
    /** Kept when editing, so that statistics follow the question. */
    id: z.uuid().optional(),
    kind: z.enum(QUESTION_KINDS),
    prompt: z.string().trim().min(2, 'Write the question').max(1000, 'At most 1,000 characters'),
    options: z.array(ZOptionInput).max(10, 'At most 10 options').default([]),
    /** Choice questions: positions (0-based) of the right options. */
    correct: z.array(z.number().int().min(0).max(9)).max(10).default([]),
    /** Short answers: every answer accepted, compared without case, accents or outer spaces. */
    accepted: z.array(z.string().trim().min(1).max(200)).max(10).default([]),
    explanation: z.string().trim().max(2000, 'At most 2,000 characters').default(''),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'short') {
      if (q.accepted.length === 0)
        ctx.addIssue({ code: 'custom', path: ['accepted'], message: 'Give at least one accepted answer' });
      return;
    }
    if (q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Give at least two options' });
    const right = new Set(q.correct);
    if ([...right].some((i) => i >= q.options.length))
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'Mark an option that exists' });
    if (q.kind === 'single' && right.size !== 1)
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'Mark exactly one right option' });
    if (q.kind === 'multiple' && right.size < 1)
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'Mark at least one right option' });
  });
export type TQuestionInput = z.input<typeof ZQuestionInput>;

/**
 * When a learner sees the explanations (decision 052): once they pass, or once they pass or
 * use their last attempt. Never after a failed attempt with attempts left.
 */
export const REVEAL_ANSWERS = ['after_passing', 'after_last_attempt'] as const;
export type TRevealAnswers = (typeof REVEAL_ANSWERS)[number];
export const REVEAL_ANSWERS_LABELS: Record<TRevealAnswers, string> = {
  after_passing: 'After the learner passes',
  after_last_attempt: 'After the learner passes or uses the last attempt',
};
export const DEFAULT_QUIZ_ATTEMPTS = 3;

/** PUT /api/courses/{id}/lessons/{lessonId}/quiz (the tutor). */
export const ZQuizInput = z.object({
  passPercent: z
    .number({ error: 'From 0 to 100' })
    .int('From 0 to 100')
    .min(0, 'From 0 to 100')
    .max(100, 'From 0 to 100')
    .default(70),
  /** null: unlimited attempts. */
  attemptsLimit: z
    .number({ error: 'Enter a number of attempts, or leave it empty' })
    .int('Enter a whole number of attempts')
    .min(1, 'At least 1 attempt')
    .max(100, 'At most 100 attempts')
    .nullable()
    .default(DEFAULT_QUIZ_ATTEMPTS),
  revealAnswers: z.enum(REVEAL_ANSWERS).default('after_passing'),
  questions: z.array(ZQuestionInput).min(1, 'Add at least one question').max(50, 'At most 50 questions'),
});
export type TQuizInput = z.input<typeof ZQuizInput>;

const ZOption = z.object({ id: z.string(), text: z.string() });

/** The tutor's quiz, answers included: only its tutor and admins get it. */
export const ZTutorQuiz = z.object({
  lessonId: z.string(),
  passPercent: z.number().int(),
  attemptsLimit: z.number().int().nullable(),
  revealAnswers: z.enum(REVEAL_ANSWERS),
  questions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(QUESTION_KINDS),
      prompt: z.string(),
      options: z.array(ZOption),
      correct: z.array(z.number().int()),
      accepted: z.array(z.string()),
      explanation: z.string(),
    }),
  ),
});
export type TTutorQuiz = z.infer<typeof ZTutorQuiz>;

/**
 * One question's outcome in an attempt: whether it was right, and why (never the right answer).
 * The explanation is empty until the quiz's revealAnswers rule lets the learner see it.
 */
export const ZQuestionResult = z.object({ questionId: z.string(), correct: z.boolean(), explanation: z.string() });

export const ZQuizAttempt = z.object({
  id: z.string(),
  number: z.number().int(),
  scorePercent: z.number().int(),
  passed: z.boolean(),
  createdAt: z.string(),
  results: z.array(ZQuestionResult),
});
export type TQuizAttempt = z.infer<typeof ZQuizAttempt>;

/** GET /api/courses/{id}/lessons/{lessonId}/quiz: what anyone who may open the lesson sees. */
export const ZLearnerQuiz = z.object({
  lessonId: z.string(),
  passPercent: z.number().int(),
  attemptsLimit: z.number().int().nullable(),
  revealAnswers: z.enum(REVEAL_ANSWERS),
  /** Whether the explanations are shown now (passed, or out of attempts when the tutor allows it). */
  answersRevealed: z.boolean(),
  questions: z.array(
    z.object({ id: z.string(), kind: z.enum(QUESTION_KINDS), prompt: z.string(), options: z.array(ZOption) }),
  ),
  /** The viewer's attempts, newest first (empty for the tutor, admins and previews). */
  attempts: z.array(ZQuizAttempt),
  passed: z.boolean(),
  /** Attempts left, or null when unlimited. */
  attemptsLeft: z.number().int().nullable(),
});
export type TLearnerQuiz = z.infer<typeof ZLearnerQuiz>;

/**
 * POST .../quiz/attempts: one answer per question (missing ones count as wrong). A submission
 * that answers nothing is refused: it would only spend an attempt.
 */
export const ZQuizAnswers = z.object({
  /**
   * The attempt's id, made on the device (decision 074): an attempt answered offline and sent
   * again after its answer was lost is marked once.
   */
  clientId: z.uuid().optional(),
  answers: z
    .array(
      z.object({
        questionId: z.uuid(),
        optionIds: z.array(z.uuid()).max(10).default([]),
        text: z.string().max(200).default(''),
      }),
    )
    .max(50)
    .refine((answers) => answers.some((a) => a.optionIds.length > 0 || a.text.trim() !== ''), {
      message: 'Answer at least one question before submitting',
    }),
});
export type TQuizAnswers = z.input<typeof ZQuizAnswers>;

export const ZQuestionStats = z.object({
  questionId: z.string(),
  prompt: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  /** Choice questions: how often each option was chosen. */
  options: z.array(z.object({ id: z.string(), text: z.string(), chosen: z.number().int() })),
});
export const ZQuizStats = z.object({
  lessonId: z.string(),
  title: z.string(),
  attempts: z.number().int(),
  learners: z.number().int(),
  passedLearners: z.number().int(),
  averagePercent: z.number().int().nullable(),
  questions: z.array(ZQuestionStats),
});
export type TQuizStats = z.infer<typeof ZQuizStats>;

/** PUT /api/courses/{id}/lessons/{lessonId}/assignment: an absolute due date, days after enrolment, or none. */
export const ZAssignmentInput = z
  .object({
    dueAt: z.iso.datetime({ offset: true, error: 'Enter a date and time' }).nullable().default(null),
    dueDays: z.number().int().min(1, 'At least 1 day').max(365, 'At most 365 days').nullable().default(null),
  })
  .refine((a) => !(a.dueAt && a.dueDays), {
    path: ['dueDays'],
    message: 'Choose a date or a number of days, not both',
  });
export type TAssignmentInput = z.input<typeof ZAssignmentInput>;

export const SUBMISSION_STATUSES = ['submitted', 'passed', 'needs_work'] as const;
export type TSubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABELS: Record<TSubmissionStatus, string> = {
  submitted: 'Awaiting grade',
  passed: 'Passed',
  needs_work: 'Needs work',
};

export const ZSubmissionInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    text: z.string().trim().min(1, 'Write your answer').max(20_000, 'At most 20,000 characters'),
  }),
  z.object({ kind: z.literal('file'), uploadId: z.uuid('Upload a PDF or an image') }),
  z.object({
    kind: z.literal('link'),
    url: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https?:\/\/\S+$/, 'Enter a full link, starting with https://'),
  }),
]);
export type TSubmissionInput = z.input<typeof ZSubmissionInput>;

export const ZSubmission = z.object({
  id: z.string(),
  lessonId: z.string(),
  lessonTitle: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  learner: z.object({ id: z.string(), fullName: z.string() }),
  kind: z.enum(['text', 'file', 'link']),
  text: z.string().nullable(),
  url: z.string().nullable(),
  file: ZUpload.nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  feedback: z.string(),
  late: z.boolean(),
  dueAt: z.string().nullable(),
  submittedAt: z.string(),
  gradedAt: z.string().nullable(),
});
export type TSubmission = z.infer<typeof ZSubmission>;

/** GET .../assignment: the settings, and for a learner their due date and their submission. */
export const ZAssignment = z.object({
  lessonId: z.string(),
  dueAt: z.string().nullable(),
  dueDays: z.number().int().nullable(),
  /** The viewer's own due date (absolute, or counted from their enrolment). */
  myDueAt: z.string().nullable(),
  submission: ZSubmission.nullable(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

export const ZGradeInput = z.object({
  decision: z.enum(['pass', 'needs_work'], { error: 'Choose Pass or Needs work' }),
  feedback: z.string().trim().max(5000, 'At most 5,000 characters').default(''),
});
export type TGradeInput = z.input<typeof ZGradeInput>;

export const ZSubmissionList = z.object({ submissions: z.array(ZSubmission) });
export type TSubmissionList = z.infer<typeof ZSubmissionList>;

/** GET /api/tutor/grading: the tutor's dashboard of assessed work. */
export const ZGradingDashboard = z.object({
  /** Oldest first: who has waited longest is graded first. */
  toGrade: z.array(ZSubmission),
  quizzes: z.array(ZQuizStats),
});
export type TGradingDashboard = z.infer<typeof ZGradingDashboard>;

/** What a certificate lists as the assessed work behind it. */
export const ZAssessedWork = z.object({ kind: z.enum(['quiz', 'assignment']), title: z.string(), result: z.string() });
export type TAssessedWork = z.infer<typeof ZAssessedWork>;
