import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type TQuestionKind,
  type TTutorQuiz,
} from '#shared/courses/assessments.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { ApiError, serverMessage } from '#client/lib/api-client';
import { useSaveQuiz } from '../api/assessments';

interface DraftQuestion {
  id?: string;
  kind: TQuestionKind;
  prompt: string;
  options: Array<{ id?: string; text: string; correct: boolean }>;
  /** One accepted answer per line. */
  accepted: string;
  explanation: string;
}

const blankQuestion = (): DraftQuestion => ({
  kind: 'single',
  prompt: '',
  options: [
    { text: '', correct: true },
    { text: '', correct: false },
  ],
  accepted: '',
  explanation: '',
});

function draftOf(quiz: TTutorQuiz): DraftQuestion[] {
  if (quiz.questions.length === 0) return [blankQuestion()];
  return quiz.questions.map((q) => ({
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    options: q.options.map((o, i) => ({ id: o.id, text: o.text, correct: q.correct.includes(i) })),
    accepted: q.accepted.join('\n'),
    explanation: q.explanation,
  }));
}

/** The server's message and each field's, so the tutor sees which question to fix ("questions.1.correct"). */
function problems(error: Error): string {
  const fields = error instanceof ApiError ? error.body?.fields : undefined;
  const details = Object.entries(fields ?? {}).map(([field, message]) => {
    const [, n] = /^questions\.(\d+)/.exec(field) ?? [];
    return n === undefined ? message : `Question ${Number(n) + 1}: ${message}`;
  });
  return [serverMessage(error) ?? 'Could not save the quiz.', ...details].join(' ');
}

/** The tutor's quiz form: questions, their right answers and explanations, the pass mark and attempts. */
export function QuizEditor({
  courseId,
  lessonId,
  quiz,
  onSaved,
}: {
  courseId: string;
  lessonId: string;
  quiz: TTutorQuiz;
  onSaved: () => void;
}) {
  const save = useSaveQuiz(courseId, lessonId);
  const [questions, setQuestions] = useState(() => draftOf(quiz));
  const [passPercent, setPassPercent] = useState(String(quiz.passPercent));
  const [attempts, setAttempts] = useState(quiz.attemptsLimit === null ? '' : String(quiz.attemptsLimit));
  const edit = (i: number, next: Partial<DraftQuestion>) =>
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...next } : q)));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        passPercent: Number(passPercent),
        attemptsLimit: attempts.trim() === '' ? null : Number(attempts),
        questions: questions.map((q) => ({
          id: q.id,
          kind: q.kind,
          prompt: q.prompt,
          options: q.kind === 'short' ? [] : q.options.map((o) => ({ id: o.id, text: o.text })),
          correct: q.kind === 'short' ? [] : q.options.flatMap((o, i) => (o.correct ? [i] : [])),
          accepted:
            q.kind === 'short'
              ? q.accepted
                  .split('\n')
                  .map((a) => a.trim())
                  .filter(Boolean)
              : [],
          explanation: q.explanation,
        })),
      },
      { onSuccess: onSaved },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-label="Quiz questions">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor="quiz-pass" className="text-sm font-medium">
            Pass mark (%)
          </label>
          <Input
            id="quiz-pass"
            inputMode="numeric"
            value={passPercent}
            onChange={(e) => setPassPercent(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="quiz-attempts" className="text-sm font-medium">
            Attempts (empty: unlimited)
          </label>
          <Input
            id="quiz-attempts"
            inputMode="numeric"
            value={attempts}
            onChange={(e) => setAttempts(e.target.value)}
          />
        </div>
      </div>
      {questions.map((q, i) => (
        <fieldset
          key={q.id ?? `new-${i}`}
          className="space-y-3 rounded-xl border border-zinc-200 p-3 sm:p-4 dark:border-zinc-700"
        >
          <legend className="px-1 text-sm font-semibold">Question {i + 1}</legend>
          <div className="flex gap-2">
            <Select
              aria-label={`Type of question ${i + 1}`}
              value={q.kind}
              onChange={(e) => edit(i, { kind: e.target.value as TQuestionKind })}
              className="flex-1"
            >
              {QUESTION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {QUESTION_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
            <Button
              variant="ghost-destructive"
              size="icon"
              aria-label={`Remove question ${i + 1}`}
              disabled={questions.length === 1}
              onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <Textarea
            aria-label={`Question ${i + 1}`}
            rows={2}
            value={q.prompt}
            onChange={(e) => edit(i, { prompt: e.target.value })}
            placeholder="The question"
          />
          {q.kind === 'short' ? (
            <Textarea
              aria-label={`Accepted answers to question ${i + 1}, one per line`}
              rows={2}
              value={q.accepted}
              onChange={(e) => edit(i, { accepted: e.target.value })}
              placeholder="Accepted answers, one per line (case and accents do not count)"
            />
          ) : (
            <ul className="space-y-2">
              {q.options.map((o, k) => (
                <li key={o.id ?? `o-${k}`} className="flex items-center gap-2">
                  <input
                    type={q.kind === 'single' ? 'radio' : 'checkbox'}
                    name={`correct-${i}`}
                    aria-label={`Option ${k + 1} of question ${i + 1} is right`}
                    checked={o.correct}
                    className="size-4 accent-emerald-600"
                    onChange={(e) =>
                      edit(i, {
                        options: q.options.map((p, m) => ({
                          ...p,
                          correct: q.kind === 'single' ? m === k : m === k ? e.target.checked : p.correct,
                        })),
                      })
                    }
                  />
                  <Input
                    aria-label={`Option ${k + 1} of question ${i + 1}`}
                    value={o.text}
                    onChange={(e) =>
                      edit(i, { options: q.options.map((p, m) => (m === k ? { ...p, text: e.target.value } : p)) })
                    }
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove option ${k + 1} of question ${i + 1}`}
                    disabled={q.options.length <= 2}
                    onClick={() => edit(i, { options: q.options.filter((_, m) => m !== k) })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </li>
              ))}
              <li>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={q.options.length >= 10}
                  onClick={() => edit(i, { options: [...q.options, { text: '', correct: false }] })}
                >
                  <Plus aria-hidden="true" className="size-4" /> Add an option
                </Button>
              </li>
            </ul>
          )}
          <Textarea
            aria-label={`Explanation of question ${i + 1}`}
            rows={2}
            value={q.explanation}
            onChange={(e) => edit(i, { explanation: e.target.value })}
            placeholder="Explanation shown after answering"
          />
        </fieldset>
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={questions.length >= 50}
        onClick={() => setQuestions((qs) => [...qs, blankQuestion()])}
      >
        <Plus aria-hidden="true" className="size-4" /> Add a question
      </Button>
      {save.isError ? <Alert tone="error">{problems(save.error)}</Alert> : null}
      <div className="flex justify-end border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <Button type="submit" loading={save.isPending} loadingText="Saving…">
          Save quiz
        </Button>
      </div>
    </form>
  );
}
