import * as Dialog from '@radix-ui/react-dialog';
import { CalendarClock, Eye, ListChecks, X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { TLessonContent } from '#shared/courses/lessons.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { serverMessage } from '#client/lib/api-client';
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

/** datetime-local wants local "YYYY-MM-DDTHH:mm". */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

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
  const [mode, setMode] = useState<'none' | 'date' | 'days'>(dueAt ? 'date' : dueDays ? 'days' : 'none');
  const [date, setDate] = useState(localInput(dueAt));
  const [days, setDays] = useState(dueDays ? String(dueDays) : '7');
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        dueAt: mode === 'date' && date ? new Date(date).toISOString() : null,
        dueDays: mode === 'days' ? Number(days) : null,
      },
      { onSuccess: onSaved },
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Due date">
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Due</legend>
        {(['none', 'date', 'days'] as const).map((m) => (
          <label key={m} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="radio"
              name="due-mode"
              checked={mode === m}
              onChange={() => setMode(m)}
              className="accent-indigo-600"
            />
            {m === 'none' ? 'No due date' : m === 'date' ? 'On a date' : 'Days after each learner enrols'}
          </label>
        ))}
      </fieldset>
      {mode === 'date' ? (
        <Input
          type="datetime-local"
          aria-label="Due date and time"
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      ) : null}
      {mode === 'days' ? (
        <Input
          inputMode="numeric"
          aria-label="Days after enrolment"
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
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
