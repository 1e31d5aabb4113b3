import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, MessageCircleQuestion, Pin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ZQuestionInput, type TQuestionInput } from '#shared/courses/lesson-qa.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { cn } from '#client/lib/cn';
import { failureToast } from '#client/lib/failure-toast';
import { formatDate } from '#client/lib/format-date';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useAskQuestion, useQuestions } from '../api/lesson-qa';
import { plural } from '../format';
import { QuestionThread, type QaViewer } from './question-thread';

/** Waits until typing pauses before the search goes to the server. */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * Lesson Q&A under the lesson in the player: this lesson's questions (or the whole course's),
 * searchable, each opening in place; ?question= (a notification's link) opens one.
 */
export function LessonQa({
  courseId,
  lessonId,
  viewer,
}: {
  courseId: string;
  lessonId: string;
  viewer: QaViewer & { canAsk: boolean };
}) {
  const [params, setParams] = useSearchParams();
  const [scope, setScope] = useState<'lesson' | 'course'>('lesson');
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const list = useQuestions(courseId, { lessonId: scope === 'lesson' ? lessonId : undefined, q: q || undefined });
  const openId = params.get('question');
  const toggle = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (openId === id) next.delete('question');
        else next.set('question', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <section aria-labelledby="qa-heading" className="space-y-4 border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <h2 id="qa-heading" className="flex items-center gap-2 text-lg font-semibold">
        <MessageCircleQuestion aria-hidden="true" className="size-5" /> Questions and answers
      </h2>
      {viewer.canAsk ? <AskForm courseId={courseId} lessonId={lessonId} /> : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <FormField id="qa-search" label="Search questions in this course">
            {(c) => (
              <Input
                {...c}
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="e.g. install, error, yoruba"
              />
            )}
          </FormField>
        </div>
        <div
          role="group"
          aria-label="Show questions from"
          className="inline-flex rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700"
        >
          {(['lesson', 'course'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={scope === s}
              onClick={() => setScope(s)}
              className={cn(
                'h-9 rounded-md px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                scope === s
                  ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900'
                  : 'text-zinc-700 dark:text-zinc-300',
              )}
            >
              {s === 'lesson' ? 'This lesson' : 'All lessons'}
            </button>
          ))}
        </div>
      </div>
      {list.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner /> Loading questions…
        </p>
      ) : list.isError ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">We could not load the questions.</p>
      ) : list.data.questions.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {q
            ? `No questions match "${q}".`
            : scope === 'lesson'
              ? 'No questions on this lesson yet.'
              : 'No questions in this course yet.'}
        </p>
      ) : (
        <ul aria-label="Questions" className="space-y-3">
          {list.data.questions.map((question) => {
            const open = openId === question.id;
            return (
              <li
                key={question.id}
                className="rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
              >
                <button
                  type="button"
                  aria-expanded={open}
                  onClick={() => toggle(question.id)}
                  className="flex w-full items-start gap-3 rounded-2xl p-4 text-left focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{question.title}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
                      {question.pinned ? (
                        <span className="inline-flex items-center gap-1 font-medium text-amber-800 dark:text-amber-300">
                          <Pin aria-hidden="true" className="size-3" /> Pinned
                        </span>
                      ) : null}
                      <span>{question.author.fullName}</span>
                      <span>{formatDate(question.createdAt)}</span>
                      {scope === 'course' ? <span>{question.lessonTitle}</span> : null}
                      <span
                        className={question.resolved ? 'font-medium text-emerald-800 dark:text-emerald-300' : undefined}
                      >
                        {question.resolved
                          ? 'Answered'
                          : question.answered
                            ? plural(question.answerCount, 'answer')
                            : 'No answers yet'}
                      </span>
                    </span>
                  </span>
                  <ChevronDown
                    aria-hidden="true"
                    className={cn('mt-1 size-4 shrink-0 transition-transform', open && 'rotate-180')}
                  />
                </button>
                {open ? <QuestionThread courseId={courseId} question={question} viewer={viewer} /> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function AskForm({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const ask = useAskQuestion(courseId, lessonId);
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TQuestionInput>({
    resolver: zodResolver(ZQuestionInput),
    defaultValues: { title: '', body: '' },
  });
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Ask a question
      </Button>
    );
  }
  const onSubmit = handleSubmit((values) =>
    ask.mutate(values, {
      onSuccess: () => {
        reset();
        setOpen(false);
        toast({ title: 'Question posted', description: 'The tutor has been told.' });
      },
      onError: (err) => {
        if (!applyFieldErrors(err, setError, ['title', 'body']))
          toast(failureToast('Could not post your question', err));
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Ask a question"
      className="space-y-3 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <FormField id="qa-title" label="Your question" error={errors.title?.message}>
        {(c) => <Input {...c} {...register('title')} maxLength={150} autoFocus />}
      </FormField>
      <FormField id="qa-body" label="Details (optional)" error={errors.body?.message}>
        {(c) => <Textarea {...c} {...register('body')} rows={3} maxLength={5000} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" loading={ask.isPending} loadingText="Posting…">
          Post question
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
