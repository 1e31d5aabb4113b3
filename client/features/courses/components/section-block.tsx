import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ZSectionInput,
  type TCourseContent,
  type TLessonContent,
  type TSectionInput,
} from '#shared/courses/lessons.schemas';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { FieldError } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { cn } from '#client/lib/cn';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useDeleteSection } from '../api/delete-section';
import { useUpdateSection } from '../api/update-section';
import { plural } from '../format';
import { useDragSort } from '../hooks/use-drag-sort';
import { LessonDialog } from './lesson-dialog';
import { LessonRow } from './lesson-row';
import { DragHandle, dropLineClass, MoveButtons, type DragHandleProps } from './reorder-controls';

type Section = TCourseContent['sections'][number];

interface SectionBlockProps {
  courseId: string;
  section: Section;
  index: number;
  total: number;
  onMove: (delta: -1 | 1) => void;
  onMoveLesson: (lessonId: string, move: { delta: -1 | 1 } | { to: number }) => void;
  handleProps: DragHandleProps;
  dragging: boolean;
}

/** One section in the builder: its title (renamable), its lessons in order, and "Add lesson". */
export function SectionBlock({
  courseId,
  section,
  index,
  total,
  onMove,
  onMoveLesson,
  handleProps,
  dragging,
}: SectionBlockProps) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [dialog, setDialog] = useState<{ lesson?: TLessonContent } | null>(null);
  const remove = useDeleteSection(courseId);
  const lessonIds = section.lessons.map((l) => l.id);
  const lessonDrag = useDragSort(lessonIds, (id, to) => onMoveLesson(id, { to }));

  return (
    <section
      aria-label={`Section ${index + 1}: ${section.title}`}
      data-testid="builder-section"
      className={cn(
        'rounded-2xl border border-zinc-200 bg-zinc-50 p-3 sm:p-4 dark:border-zinc-800 dark:bg-zinc-950/40',
        dragging && 'opacity-50',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <DragHandle label="Drag to reorder the section" {...handleProps} />
        {renaming ? (
          <RenameSectionForm courseId={courseId} section={section} onDone={() => setRenaming(false)} />
        ) : (
          <>
            <h3 className="min-w-0 flex-1 text-base font-semibold">
              <span className="text-zinc-500 dark:text-zinc-400">Section {index + 1}:</span> {section.title}
            </h3>
            <div className="ml-auto flex shrink-0 items-center">
              <MoveButtons
                id={section.id}
                what={`section “${section.title}”`}
                index={index}
                total={total}
                onMove={onMove}
              />
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Rename section “${section.title}”`}
                onClick={() => setRenaming(true)}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost-destructive"
                size="icon"
                className="size-8"
                aria-label={`Delete section “${section.title}”`}
                onClick={() => setConfirming(true)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </>
        )}
      </div>

      <ol className="mt-3 space-y-2" aria-label={`Lessons of ${section.title}`}>
        {section.lessons.map((lesson, i) => (
          <li key={lesson.id} {...lessonDrag.rowProps(i)} className={dropLineClass(lessonDrag.dropLine(i))}>
            <LessonRow
              courseId={courseId}
              lesson={lesson}
              index={i}
              total={section.lessons.length}
              onMove={(delta) => onMoveLesson(lesson.id, { delta })}
              onEdit={() => setDialog({ lesson })}
              handleProps={lessonDrag.handleProps(lesson.id)}
              dragging={lessonDrag.draggingId === lesson.id}
            />
          </li>
        ))}
      </ol>
      {section.lessons.length === 0 ? (
        <p className="mt-2 px-1 text-sm text-zinc-600 dark:text-zinc-400">No lessons yet.</p>
      ) : null}
      <Button variant="outline" size="sm" className="mt-3" onClick={() => setDialog({})}>
        <Plus aria-hidden="true" className="size-4" />
        Add lesson
        <span className="sr-only"> to {section.title}</span>
      </Button>

      <LessonDialog
        courseId={courseId}
        section={section}
        lesson={dialog?.lesson}
        open={dialog !== null}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this section?"
        description={
          <p>
            “{section.title}”{section.lessons.length > 0 ? ` and its ${plural(section.lessons.length, 'lesson')}` : ''}{' '}
            will be removed from the course. This cannot be undone.
          </p>
        }
        confirmText="Delete section"
        confirmVariant="destructive"
        loading={remove.isPending}
        loadingText="Deleting…"
        onConfirm={() => remove.mutate(section.id, { onSuccess: () => setConfirming(false) })}
      />
    </section>
  );
}

function RenameSectionForm({ courseId, section, onDone }: { courseId: string; section: Section; onDone: () => void }) {
  const update = useUpdateSection(courseId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TSectionInput>({ resolver: zodResolver(ZSectionInput), defaultValues: { title: section.title } });
  const inputId = `rename-${section.id}`;
  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { sectionId: section.id, ...values },
      { onSuccess: onDone, onError: (err) => applyFieldErrors(err, setError, ['title']) },
    ),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
      className="flex min-w-0 flex-1 flex-wrap items-start gap-2"
    >
      <div className="min-w-40 flex-1">
        <label htmlFor={inputId} className="sr-only">
          Section title
        </label>
        <Input
          id={inputId}
          {...register('title')}
          autoFocus
          maxLength={120}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${inputId}-error` : undefined}
          className="h-9"
        />
        {errors.title?.message ? <FieldError id={`${inputId}-error`}>{errors.title.message}</FieldError> : null}
      </div>
      <Button type="submit" size="sm" className="h-9" loading={update.isPending} loadingText="Saving…">
        <Check aria-hidden="true" className="size-4" />
        Save
      </Button>
      <Button variant="ghost" size="sm" className="h-9" onClick={onDone}>
        <X aria-hidden="true" className="size-4" />
        Cancel
      </Button>
    </form>
  );
}
