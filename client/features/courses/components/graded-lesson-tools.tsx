import * as Dialog from '@radix-ui/react-dialog';
import { CalendarClock, Eye, ListChecks, X } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ZAssignmentInput, type TAssignmentInput } from '#shared/courses/assessments.schemas';
import type { TLessonContent } from '#shared/courses/lessons.schemas';
import { localDateTime, zonedDateTime } from '#shared/mentorship/zoned-time';
import { Alert } from '#client/components/ui/alert';
import { Button, buttonClasses } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useAssignment, useQuizEditor, useSaveAssignment } from '../api/assessments';
import { AssignmentView } from './assignment-view';
import { QuizEditor } from './quiz-editor';
import { QuizView } from './quiz-view';

function ToolDialog({
  title,
  trigger,
  open,
  onOpenChange,
  children,
}: {
  title: string;
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto max-w-2xl overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-4 shadow-xl focus:outline-none sm:inset-x-4 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="mb-4 flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close className={buttonClasses('ghost', 'icon', '-mr-2')} aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function QuizQuestions({ courseId, lessonId, onSaved }: { courseId: string; lessonId: string; onSaved: () => void }) {
  const quiz = useQuizEditor(courseId, lessonId);
  if (quiz.isPending) return <PageSpinner label="Loading the quiz" />;
  if (quiz.isError) return <Alert tone="error">{serverMessage(quiz.error) ?? 'Could not load the quiz.'}</Alert>;
  return <QuizEditor courseId={courseId} lessonId={lessonId} quiz={quiz.data} onSaved={onSaved} />;
}

const DUE_MODES = ['none', 'date', 'days'] as const;

/**
 * The shared assignment schema as the form holds it: the chosen kind of due date, the date as a
 * datetime-local value read in the tutor's own zone, the days as typed.
 */
const dueDateForm = (timeZone: string) =>
  z
    .object({ mode: z.enum(DUE_MODES), dueAt: z.string(), dueDays: z.string() })
    .transform(({ mode, dueAt, dueDays }): TAssignmentInput => ({
      dueAt: mode === 'date' && dueAt ? zonedDateTime(dueAt, timeZone).toISOString() : null,
      dueDays: mode === 'days' ? Number(dueDays) : null,
    }))
    .pipe(ZAssignmentInput);
type DueDateDraft = z.input<ReturnType<typeof dueDateForm>>;

function DueDateForm({ courseId, lessonId, onSaved }: { courseId: string; lessonId: string; onSaved: () => void }) {
  const assignment = useAssignment(courseId, lessonId);
  if (assignment.isPending) return <PageSpinner label="Loading the assignment" />;
  if (assignment.isError)
    return <Alert tone="error">{serverMessage(assignment.error) ?? 'Could not load the assignment.'}</Alert>;
  return (
    <DueDateFields
      courseId={courseId}
      lessonId={lessonId}
      dueAt={assignment.data.dueAt}
      dueDays={assignment.data.dueDays}
      onSaved={onSaved}
    />
  );
}

function DueDateFields({
  courseId,
  lessonId,
  dueAt,
  dueDays,
  onSaved,
}: {
  courseId: string;
  lessonId: string;
  dueAt: string | null;
  dueDays: number | null;
  onSaved: () => void;
}) {
  const save = useSaveAssignment(courseId, lessonId);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<DueDateDraft, unknown, TAssignmentInput>({
    resolver: zodResolver(dueDateForm(timeZone)),
    defaultValues: {
      mode: dueAt ? 'date' : dueDays ? 'days' : 'none',
      dueAt: dueAt ? localDateTime(new Date(dueAt), timeZone) : '',
      dueDays: dueDays ? String(dueDays) : '7',
    },
  });
  const mode = useWatch({ control, name: 'mode' });
  const onSubmit = handleSubmit((input) =>
    save.mutate(input, { onSuccess: onSaved, onError: (err) => applyFieldErrors(err, setError, ['dueAt', 'dueDays']) }),
  );
  const dueAtError = errors.dueAt?.message;
  const dueDaysError = errors.dueDays?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Due date">
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Due</legend>
        {DUE_MODES.map((m) => (
          <label key={m} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="radio"
              name="due-mode"
              checked={mode === m}
              onChange={() => setValue('mode', m)}
              className="accent-indigo-600"
            />
            {m === 'none' ? 'No due date' : m === 'date' ? 'On a date' : 'Days after each learner enrols'}
          </label>
        ))}
      </fieldset>
      {mode === 'date' ? (
        <div className="space-y-1.5">
          <Input
            type="datetime-local"
            aria-label="Due date and time"
            aria-invalid={dueAtError ? true : undefined}
            aria-describedby={dueAtError ? 'due-at-error' : undefined}
            {...register('dueAt')}
          />
          {dueAtError ? <FieldError id="due-at-error">{dueAtError}</FieldError> : null}
        </div>
      ) : null}
      {mode === 'days' ? (
        <div className="space-y-1.5">
          <Input
            inputMode="numeric"
            aria-label="Days after enrolment"
            aria-invalid={dueDaysError ? true : undefined}
            aria-describedby={dueDaysError ? 'due-days-error' : undefined}
            {...register('dueDays')}
          />
          {dueDaysError ? <FieldError id="due-days-error">{dueDaysError}</FieldError> : null}
        </div>
      ) : null}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Learners who have not handed in are reminded 24 hours before.
      </p>
      {save.isError ? <Alert tone="error">{serverMessage(save.error) ?? 'Could not save the due date.'}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} loadingText="Saving…">
          Save due date
        </Button>
      </div>
    </form>
  );
}

/** In the builder's lesson row: a quiz's questions or an assignment's due date, and a learner's-eye preview. */
export function GradedLessonTools({ courseId, lesson }: { courseId: string; lesson: TLessonContent }) {
  const [open, setOpen] = useState<'edit' | 'preview' | null>(null);
  if (lesson.kind !== 'quiz' && lesson.kind !== 'assignment') return null;
  const quiz = lesson.kind === 'quiz';
  const toggle = (which: 'edit' | 'preview') => (o: boolean) => setOpen(o ? which : null);
  return (
    <>
      <ToolDialog
        title={quiz ? `Questions: ${lesson.title}` : `Due date: ${lesson.title}`}
        open={open === 'edit'}
        onOpenChange={toggle('edit')}
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={quiz ? `Questions of “${lesson.title}”` : `Due date of “${lesson.title}”`}
          >
            {quiz ? (
              <ListChecks aria-hidden="true" className="size-4" />
            ) : (
              <CalendarClock aria-hidden="true" className="size-4" />
            )}
          </Button>
        }
      >
        {quiz ? (
          <QuizQuestions courseId={courseId} lessonId={lesson.id} onSaved={() => setOpen(null)} />
        ) : (
          <DueDateForm courseId={courseId} lessonId={lesson.id} onSaved={() => setOpen(null)} />
        )}
      </ToolDialog>
      <ToolDialog
        title={`Preview: ${lesson.title}`}
        open={open === 'preview'}
        onOpenChange={toggle('preview')}
        trigger={
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Preview “${lesson.title}”`}>
            <Eye aria-hidden="true" className="size-4" />
          </Button>
        }
      >
        {quiz ? (
          <QuizView courseId={courseId} lessonId={lesson.id} canAnswer={false} />
        ) : (
          <AssignmentView courseId={courseId} lessonId={lesson.id} canSubmit={false} />
        )}
      </ToolDialog>
    </>
  );
}
