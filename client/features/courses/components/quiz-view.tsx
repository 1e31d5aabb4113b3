import { CircleCheck, CircleX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TLearnerQuiz, TQuizAttempt } from '#shared/courses/assessments.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { serverMessage } from '#client/lib/api-client';
import { useLearnerQuiz, useSubmitQuiz } from '../api/assessments';

type Answers = Record<string, { optionIds: string[]; text: string }>;

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
  const [answers, setAnswers] = useState<Answers>({});
  if (quiz.isPending) return <PageSpinner label="Loading the quiz" />;
  if (quiz.isError) return <Alert tone="error">{serverMessage(quiz.error) ?? 'Could not load the quiz.'}</Alert>;
  const q = quiz.data;
  const latest = submit.data ?? q.attempts[0];
  const open = !q.passed && q.attemptsLeft !== 0 && q.questions.length > 0;
  const set = (id: string, next: Partial<Answers[string]>) =>
    setAnswers((a) => ({ ...a, [id]: { optionIds: [], text: '', ...a[id], ...next } }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit.mutate(
      {
        answers: q.questions.map((question) => ({
          questionId: question.id,
          optionIds: answers[question.id]?.optionIds ?? [],
          text: answers[question.id]?.text ?? '',
        })),
      },
      { onSuccess: () => void quiz.refetch() },
    );
  }

  return (
    <div className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Pass mark {q.passPercent}% ·{' '}
        {q.attemptsLeft === null ? 'Unlimited attempts' : `${q.attemptsLeft} of ${q.attemptsLimit} attempts left`}
      </p>
      {latest ? <AttemptResult quiz={q} attempt={latest} /> : null}
      {q.questions.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">This quiz has no questions yet.</p>
      ) : null}
      {open ? (
        <form onSubmit={onSubmit} className="space-y-5" aria-label="Quiz">
          {q.questions.map((question, i) => (
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
                  value={answers[question.id]?.text ?? ''}
                  onChange={(e) => set(question.id, { text: e.target.value })}
                  maxLength={200}
                />
              ) : (
                <div className="space-y-1.5">
                  {question.kind === 'multiple' ? (
                    <p className="text-xs text-zinc-600 dark:text-zinc-400">Choose every right answer.</p>
                  ) : null}
                  {question.options.map((o) => {
                    const chosen = answers[question.id]?.optionIds ?? [];
                    return (
                      <label
                        key={o.id}
                        className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800"
                      >
                        <input
                          type={question.kind === 'single' ? 'radio' : 'checkbox'}
                          name={question.id}
                          className="size-4 accent-indigo-600"
                          checked={chosen.includes(o.id)}
                          onChange={(e) =>
                            set(question.id, {
                              optionIds:
                                question.kind === 'single'
                                  ? [o.id]
                                  : e.target.checked
                                    ? [...chosen, o.id]
                                    : chosen.filter((id) => id !== o.id),
                            })
                          }
                        />
                        {o.text}
                      </label>
                    );
                  })}
                </div>
              )}
            </fieldset>
          ))}
          {submit.isError ? (
            <Alert tone="error">{serverMessage(submit.error) ?? 'Could not submit your answers.'}</Alert>
          ) : null}
          <Button type="submit" disabled={!canAnswer} loading={submit.isPending} loadingText="Checking…">
            Submit answers
          </Button>
        </form>
      ) : null}
      {!canAnswer ? (
        <Alert tone="info">This is what learners see. Enrolled learners submit their answers here.</Alert>
      ) : null}
    </div>
  );
}
