import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  TLearnerQuiz,
  TQuizAttempt,
  TQuizStats,
  TTutorQuiz,
  ZQuizAnswers,
  ZQuizInput,
} from '#shared/courses/assessments.schemas';
import type { QuizAttemptRow, QuizRow, StoredAnswer, StoredQuestion } from './assessments.repo';

/**
 * Short answers compare as people mean them: outer and repeated spaces, case and accents do not
 * count ("  Yorùbá " is "yoruba"), since most Nigerian keyboards type no diacritics.
 */
export function normaliseAnswer(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}

/** The tutor's input as stored: ids kept where given, drawn where new; right options by id. */
export function storeQuestions(input: z.output<typeof ZQuizInput>['questions']): StoredQuestion[] {
  return input.map((q) => {
    const options = q.kind === 'short' ? [] : q.options.map((o) => ({ id: o.id ?? randomUUID(), text: o.text }));
    return {
      id: q.id ?? randomUUID(),
      kind: q.kind,
      prompt: q.prompt,
      options,
      correctOptionIds: q.kind === 'short' ? [] : [...new Set(q.correct)].map((i) => options[i]!.id),
      accepted: q.kind === 'short' ? q.accepted : [],
      explanation: q.explanation,
    };
  });
}

export function presentTutorQuiz(row: QuizRow): TTutorQuiz {
  return {
    lessonId: row.lessonId,
    passPercent: row.passPercent,
    attemptsLimit: row.attemptsLimit,
    revealAnswers: row.revealAnswers,
    questions: row.questions.map((q) => ({
      id: q.id,
      kind: q.kind,
      prompt: q.prompt,
      options: q.options,
      correct: q.options.flatMap((o, i) => (q.correctOptionIds.includes(o.id) ? [i] : [])),
      accepted: q.accepted,
      explanation: q.explanation,
    })),
  };
}

function isRight(q: StoredQuestion, given: { optionIds: string[]; text: string } | undefined): boolean {
  if (!given) return false;
  if (q.kind === 'short') return q.accepted.some((a) => normaliseAnswer(a) === normaliseAnswer(given.text));
  const chosen = new Set(given.optionIds);
  return chosen.size === q.correctOptionIds.length && q.correctOptionIds.every((id) => chosen.has(id));
}

/** Marks every question (an unanswered one is wrong); each question weighs the same. */
export function gradeAnswers(
  quiz: QuizRow,
  input: z.output<typeof ZQuizAnswers>,
): { answers: StoredAnswer[]; scorePercent: number; passed: boolean } {
  const byQuestion = new Map(input.answers.map((a) => [a.questionId, a]));
  const answers = quiz.questions.map((q) => {
    const given = byQuestion.get(q.id);
    return { questionId: q.id, optionIds: given?.optionIds ?? [], text: given?.text ?? '', correct: isRight(q, given) };
  });
  const right = answers.filter((a) => a.correct).length;
  const scorePercent = quiz.questions.length === 0 ? 0 : Math.round((100 * right) / quiz.questions.length);
  return { answers, scorePercent, passed: scorePercent >= quiz.passPercent };
}

/**
 * Whether the learner may now read the explanations: once passed, or, when the tutor allows it,
 * once no attempt is left. Never while a failed learner may still try again.
 */
export function answersRevealed(
  quiz: Pick<QuizRow, 'attemptsLimit' | 'revealAnswers'>,
  attempts: Array<Pick<QuizAttemptRow, 'passed'>>,
): boolean {
  if (attempts.some((a) => a.passed)) return true;
  if (quiz.revealAnswers !== 'after_last_attempt' || quiz.attemptsLimit === null) return false;
  return attempts.length >= quiz.attemptsLimit;
}

/** An attempt as its learner sees it: right or wrong per question, and the explanation once revealed. */
export function presentAttempt(quiz: QuizRow, row: QuizAttemptRow, revealed: boolean): TQuizAttempt {
  const explanations = new Map(quiz.questions.map((q) => [q.id, q.explanation]));
  return {
    id: row.id,
    number: row.number,
    scorePercent: row.scorePercent,
    passed: row.passed,
    createdAt: row.createdAt.toISOString(),
    results: row.answers.map((a) => ({
      questionId: a.questionId,
      correct: a.correct,
      explanation: revealed ? (explanations.get(a.questionId) ?? '') : '',
    })),
  };
}

/**
 * The quiz as a learner (or a preview) gets it. Built field by field from the stored question,
 * never by removing fields from it, so that no right answer can slip through.
 */
export function presentLearnerQuiz(quiz: QuizRow, attempts: QuizAttemptRow[]): TLearnerQuiz {
  const newestFirst = [...attempts].sort((a, b) => b.number - a.number);
  const revealed = answersRevealed(quiz, attempts);
  return {
    lessonId: quiz.lessonId,
    passPercent: quiz.passPercent,
    attemptsLimit: quiz.attemptsLimit,
    revealAnswers: quiz.revealAnswers,
    answersRevealed: revealed,
    questions: quiz.questions.map((q) => ({
      id: q.id,
      kind: q.kind,
      prompt: q.prompt,
      options: q.options.map((o) => ({ id: o.id, text: o.text })),
    })),
    attempts: newestFirst.map((a) => presentAttempt(quiz, a, revealed)),
    passed: attempts.some((a) => a.passed),
    attemptsLeft: quiz.attemptsLimit === null ? null : Math.max(0, quiz.attemptsLimit - attempts.length),
  };
}

/** Per-question statistics over every attempt. */
export function quizStats(
  quiz: QuizRow,
  title: string,
  attempts: Array<Pick<QuizAttemptRow, 'userId' | 'scorePercent' | 'passed' | 'answers'>>,
): TQuizStats {
  const learners = new Set(attempts.map((a) => a.userId));
  const passed = new Set(attempts.filter((a) => a.passed).map((a) => a.userId));
  const total = attempts.reduce((sum, a) => sum + a.scorePercent, 0);
  const answers = attempts.flatMap((a) => a.answers);
  return {
    lessonId: quiz.lessonId,
    title,
    attempts: attempts.length,
    learners: learners.size,
    passedLearners: passed.size,
    averagePercent: attempts.length ? Math.round(total / attempts.length) : null,
    questions: quiz.questions.map((q) => {
      const mine = answers.filter((a) => a.questionId === q.id);
      return {
        questionId: q.id,
        prompt: q.prompt,
        answered: mine.length,
        correct: mine.filter((a) => a.correct).length,
        options: q.options.map((o) => ({
          id: o.id,
          text: o.text,
          chosen: mine.filter((a) => a.optionIds.includes(o.id)).length,
        })),
      };
    }),
  };
}
