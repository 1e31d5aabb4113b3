import { get, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  ZQuizInput,
  type TRevealAnswers,
  type TQuestionInput,
  type TQuestionKind,
  type TTutorQuiz,
} from '#shared/courses/assessments.schemas';

/** A question as the form holds it: each option with its own "right" mark, the accepted answers one per line. */
export interface DraftQuestion {
  id?: string;
  kind: TQuestionKind;
  prompt: string;
  options: Array<{ id?: string; text: string; correct: boolean }>;
  accepted: string;
  explanation: string;
}

export interface QuizDraft {
  passPercent: string;
  attemptsLimit: string;
  revealAnswers: TRevealAnswers;
  questions: DraftQuestion[];
}

/** The API's question: the marks become positions, the lines a list; a short answer has no options. */
function questionInput(q: DraftQuestion): TQuestionInput {
  const short = q.kind === 'short';
  return {
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    options: short ? [] : q.options.map((o) => ({ id: o.id, text: o.text })),
    correct: short ? [] : q.options.flatMap((o, i) => (o.correct ? [i] : [])),
    accepted: short
      ? q.accepted
          .split('\n')
          .map((a) => a.trim())
          .filter(Boolean)
      : [],
    explanation: q.explanation,
  };
}

/** A number as typed; blank or words are not a number, which the shared schema refuses in its own words. */
const typedNumber = (text: string) => (text.trim() === '' ? NaN : Number(text));

/**
 * The shared quiz schema over the fields as the form holds them (the numbers always given, so
 * without their defaults). Questions and options keep their positions, so each message of the
 * schema lands on the field it names ("questions.1.correct").
 */
export const ZQuizForm = ZQuizInput.extend({
  passPercent: z.preprocess(typedNumber, ZQuizInput.shape.passPercent.unwrap()),
  attemptsLimit: z.preprocess(
    (text: string) => (text.trim() === '' ? null : typedNumber(text)),
    ZQuizInput.shape.attemptsLimit.unwrap(),
  ),
  revealAnswers: ZQuizInput.shape.revealAnswers.unwrap(),
  questions: z.preprocess((drafts: DraftQuestion[]) => drafts.map(questionInput), ZQuizInput.shape.questions),
});
export type QuizForm = UseFormReturn<QuizDraft, unknown, z.output<typeof ZQuizForm>>;

export const blankQuestion = (): DraftQuestion => ({
  kind: 'single',
  prompt: '',
  options: [
    { text: '', correct: true },
    { text: '', correct: false },
  ],
  accepted: '',
  explanation: '',
});

export function draftOf(quiz: TTutorQuiz): QuizDraft {
  return {
    passPercent: String(quiz.passPercent),
    attemptsLimit: quiz.attemptsLimit === null ? '' : String(quiz.attemptsLimit),
    revealAnswers: quiz.revealAnswers,
    questions:
      quiz.questions.length === 0
        ? [blankQuestion()]
        : quiz.questions.map((q) => ({
            id: q.id,
            kind: q.kind,
            prompt: q.prompt,
            options: q.options.map((o, i) => ({ id: o.id, text: o.text, correct: q.correct.includes(i) })),
            accepted: q.accepted.join('\n'),
            explanation: q.explanation,
          })),
  };
}

type ErrorEntry = { message?: string; root?: { message?: string } } | undefined;
const ownMessage = (entry: ErrorEntry) => entry?.message ?? entry?.root?.message;

/**
 * The message at a path, or the first of its items' own (one accepted answer too long). Some sit
 * where the form has no input: the right marks' under `correct`, since the form marks each option.
 */
export function messageAt(errors: FieldErrors<QuizDraft>, path: string): string | undefined {
  const entry = get(errors, path) as ErrorEntry;
  return ownMessage(entry) ?? (Object.values(entry ?? {}) as ErrorEntry[]).map(ownMessage).find(Boolean);
}
