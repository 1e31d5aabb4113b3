import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Pin, PinOff } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ZAnswerInput, type TAnswerInput, type TLessonQuestion } from '#shared/courses/lesson-qa.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Spinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { failureToast } from '#client/lib/failure-toast';
import { formatDate } from '#client/lib/format-date';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useAnswerQuestion, useMarkAnswer, usePinQuestion, useThread } from '../api/lesson-qa';

export interface QaViewer {
  /** Enrolled learners answer (and ask); the tutor answers, marks and pins. */
  canAnswer: boolean;
  isTutor: boolean;
}

/** One question opened: its details, the answers (the marked one first) and the answer form. */
export function QuestionThread({
  courseId,
  question,
  viewer,
}: {
  courseId: string;
  question: TLessonQuestion;
  viewer: QaViewer;
}) {
  const thread = useThread(courseId, question.id);
  const mark = useMarkAnswer(courseId, question.id);
  const pin = usePinQuestion(courseId, question.id);
  const failed = (title: string) => ({ onError: (err: Error) => toast(failureToast(title, err)) });

  return (
    <div className="space-y-4 border-t border-zinc-200 px-4 pt-4 pb-4 dark:border-zinc-800">
      {question.body ? (
        <p className="text-sm whitespace-pre-line text-zinc-700 dark:text-zinc-300">{question.body}</p>
      ) : null}
      {viewer.isTutor ? (
        <Button
          variant="outline"
          size="sm"
          loading={pin.isPending}
          onClick={() => pin.mutate(!question.pinned, failed('Could not pin the question'))}
        >
          {question.pinned ? (
            <PinOff aria-hidden="true" className="size-4" />
          ) : (
            <Pin aria-hidden="true" className="size-4" />
          )}
          {question.pinned ? 'Unpin question' : 'Pin question'}
        </Button>
      ) : null}
      {thread.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner /> Loading answers…
        </p>
      ) : thread.isError ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">We could not load the answers.</p>
      ) : thread.data.answers.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No answers yet.</p>
      ) : (
        <ul aria-label="Answers" className="space-y-3">
          {thread.data.answers.map((a) => (
            <li
              key={a.id}
              className={
                a.accepted
                  ? 'rounded-xl border border-emerald-300 bg-emerald-50/60 p-3 dark:border-emerald-800 dark:bg-emerald-950/30'
                  : 'rounded-xl border border-zinc-200 p-3 dark:border-zinc-800'
              }
            >
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span className="font-semibold">{a.author.fullName}</span>
                {a.byTutor ? (
                  <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                    Tutor
                  </span>
                ) : null}
                {a.accepted ? (
                  <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-800 dark:text-emerald-300">
                    <CircleCheck aria-hidden="true" className="size-3.5" /> Marked answer
                  </span>
                ) : null}
                <span className="text-xs text-zinc-600 dark:text-zinc-400">{formatDate(a.createdAt)}</span>
              </div>
              <p className="mt-1.5 text-sm whitespace-pre-line">{a.body}</p>
              {viewer.isTutor ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-1 -ml-2"
                  disabled={mark.isPending}
                  onClick={() => mark.mutate(a.accepted ? null : a.id, failed('Could not mark the answer'))}
                >
                  {a.accepted ? 'Unmark answer' : 'Mark as the answer'}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {viewer.canAnswer ? <AnswerForm courseId={courseId} questionId={question.id} /> : null}
    </div>
  );
}

function AnswerForm({ courseId, questionId }: { courseId: string; questionId: string }) {
  const answer = useAnswerQuestion(courseId, questionId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TAnswerInput>({ resolver: zodResolver(ZAnswerInput), defaultValues: { body: '' } });
  const id = `answer-${questionId}`;
  const onSubmit = handleSubmit((values) =>
    answer.mutate(values, {
      onSuccess: () => reset(),
      onError: (err) => {
        if (!applyFieldErrors(err, setError, ['body'])) toast(failureToast('Could not post your answer', err));
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2">
      <FormField id={id} label="Your answer" error={errors.body?.message}>
        {(c) => <Textarea {...c} {...register('body')} rows={3} maxLength={5000} />}
      </FormField>
      <Button type="submit" size="sm" loading={answer.isPending} loadingText="Posting…">
        Post answer
      </Button>
    </form>
  );
}
