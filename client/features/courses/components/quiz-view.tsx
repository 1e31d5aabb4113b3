import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CircleX } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ZQuizAnswers,
  type TLearnerQuiz,
  type TQuizAnswers,
  type TQuizAttempt,
} from '#shared/courses/assessments.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { isTransientError, serverMessage } from '#client/lib/api-client';
import { useUser } from '#client/features/accounts';
import { useLearnerQuiz, useSubmitQuiz } from '../api/assessments';
import { queueAttempt, useLearningWrites } from '../api/learning-writes';
import { WaitingWrite } from './waiting-write';

/** The result of one attempt: score, pass or fail, and each question's explanation. */
function AttemptResult({ quiz, attempt }: { quiz: TLearnerQuiz; attempt: TQuizAttempt }) {
  const prompts = new Map(quiz.questions.map((q) => [q.id, q.prompt]));
  return (
    <section
      aria-labelledby={`attempt-${attempt.id}`}
      className="space-y-3 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 id={`attempt-${attempt.id}`} className="text-base font-semibold">
        Attempt {attempt.number}: {attempt.scorePercent}% · {attempt.passed ? 'Passed' : 'Not passed'}
      </h3>
      <Alert tone={attempt.passed ? 'success' : 'error'}>
        {attempt.passed ? 'Well done: you passed this quiz.' : `You need ${quiz.passPercent}% to pass.`}
      </Alert>
      <ol className="space-y-3">
        {attempt.results.map((r, i) => (
          <li key={r.questionId} className="flex gap-2.5 text-sm">
            {r.correct ? (
              <CircleCheck
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
              />
            ) : (
              <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
            )}
            <div className="space-y-1">
              <p className="font-medium">
                {i + 1}. {prompts.get(r.questionId)}{' '}
                <span className="sr-only">{r.correct ? '(right)' : '(wrong)'}</span>
              </p>
              {r.explanation ? <p className="text-zinc-600 dark:text-zinc-400">{r.explanation}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The learner's answers, one per question in the quiz's order: the form holds the API's own shape. */
function AnswerForm({
  questions,
  canAnswer,
  submit,
  onSubmitted,
  keep,
}: {
  questions: TLearnerQuiz['questions'];
  canAnswer: boolean;
  submit: ReturnType<typeof useSubmitQuiz>;
  onSubmitted: () => void;
  /** Keeps the answers on the device, to be marked when the network returns (decision 074). */
  keep: (answers: TQuizAnswers) => void;
}) {
  const { control, register, handleSubmit, formState } = useForm<TQuizAnswers, unknown, z.output<typeof ZQuizAnswers>>({
    resolver: zodResolver(ZQuizAnswers),
    defaultValues: { answers: questions.map((q) => ({ questionId: q.id, optionIds: [], text: '' })) },
  });
  const onSubmit = handleSubmit((answers) => {
    // The attempt's own id: sent twice (an answer lost on the way), it is marked once.
    const attempt = { ...answers, clientId: crypto.randomUUID() };
    if (!navigator.onLine) return keep(attempt);
    submit.mutate(attempt, {
      onSuccess: onSubmitted,
      onError: (err) => {
        if (isTransientError(err)) keep(attempt);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Quiz">
      {questions.map((question, i) => {
        const errors = formState.errors.answers?.[i];
        const error = errors?.text?.message ?? errors?.optionIds?.message;
        const errorId = `answer-${question.id}-error`;
        const described = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
        return (
          <fieldset
            key={question.id}
            className="space-y-2 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <legend className="px-1 text-sm font-semibold">
              {i + 1}. {question.prompt}
            </legend>
            {question.kind === 'short' ? (
              <Input
                aria-label={`Answer to question ${i + 1}`}
                {...register(`answers.${i}.text`)}
                {...described}
                maxLength={200}
              />
            ) : (
              <div className="space-y-1.5">
                {question.kind === 'multiple' ? (
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">Choose every right answer.</p>
                ) : null}
                <Controller
                  control={control}
                  name={`answers.${i}.optionIds`}
                  render={({ field }) => {
                    const chosen = field.value ?? [];
                    return (
                      <>
                        {question.options.map((o, k) => (
                          <label
                            key={o.id}
                            className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800"
                          >
                            <input
                              ref={k === 0 ? field.ref : undefined}
                              type={question.kind === 'single' ? 'radio' : 'checkbox'}
                              name={question.id}
                              className="size-4 accent-indigo-600"
                              checked={chosen.includes(o.id)}
                              {...described}
                              onChange={(e) =>
                                field.onChange(
                                  question.kind === 'single'
                                    ? [o.id]
                                    : e.target.checked
                                      ? [...chosen, o.id]
                                      : chosen.filter((id) => id !== o.id),
                                )
                              }
                            />
                            {o.text}
                          </label>
                        ))}
                      </>
                    );
                  }}
                />
              </div>
            )}
            {error ? <FieldError id={errorId}>{error}</FieldError> : null}
          </fieldset>
        );
      })}
      {/* Nothing answered: refused here and by the server, so no attempt is spent on it. */}
      {(formState.errors.answers?.message ?? formState.errors.answers?.root?.message) ? (
        <Alert tone="error">{formState.errors.answers.message ?? formState.errors.answers.root?.message}</Alert>
      ) : null}
      {submit.isError ? (
        <Alert tone="error">{serverMessage(submit.error) ?? 'Could not submit your answers.'}</Alert>
      ) : null}
      <Button type="submit" disabled={!canAnswer} loading={submit.isPending} loadingText="Checking…">
        Submit answers
      </Button>
    </form>
  );
}

/** A quiz lesson in the player: answer, submit, see the result. Answers are checked on the server. */
export function QuizView({
  courseId,
  lessonId,
  canAnswer,
}: {
  courseId: string;
  lessonId: string;
  canAnswer: boolean;
}) {
  const quiz = useLearnerQuiz(courseId, lessonId);
  const submit = useSubmitQuiz(courseId, lessonId);
  const userId = useUser().data?.id;
  const waiting = useLearningWrites(courseId, userId).get(lessonId);
  if (quiz.isPending) return <PageSpinner label="Loading the quiz" />;
  if (quiz.isError) return <Alert tone="error">{serverMessage(quiz.error) ?? 'Could not load the quiz.'}</Alert>;
  const q = quiz.data;
  const latest = submit.data ?? q.attempts[0];
  const open = !q.passed && q.attemptsLeft !== 0 && q.questions.length > 0;

  return (
    <div className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Pass mark {q.passPercent}% ·{' '}
        {q.attemptsLeft === null ? 'Unlimited attempts' : `${q.attemptsLeft} of ${q.attemptsLimit} attempts left`}
      </p>
      {latest ? <AttemptResult quiz={q} attempt={latest} /> : null}
      {latest && !q.answersRevealed ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {q.revealAnswers === 'after_last_attempt'
            ? 'The explanations show once you pass or use your last attempt.'
            : 'The explanations show once you pass.'}
        </p>
      ) : null}
      {q.questions.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">This quiz has no questions yet.</p>
      ) : null}
      {waiting?.attempt ? (
        <WaitingWrite writes={waiting}>
          Your answers are saved on this device: they will be marked when you’re back online.
        </WaitingWrite>
      ) : open ? (
        <AnswerForm
          key={q.questions.map((question) => question.id).join()}
          questions={q.questions}
          canAnswer={canAnswer}
          submit={submit}
          onSubmitted={() => void quiz.refetch()}
          keep={(answers) => userId && queueAttempt(userId, courseId, lessonId, answers)}
        />
      ) : null}
      {!canAnswer ? (
        <Alert tone="info">This is what learners see. Enrolled learners submit their answers here.</Alert>
      ) : null}
    </div>
  );
}
