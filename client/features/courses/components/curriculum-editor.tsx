import { zodResolver } from '@hookform/resolvers/zod';
import { Layers, Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ZSectionInput, type TSectionInput } from '#shared/courses/lessons.schemas';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useCreateSection } from '../api/create-section';
import { useCourseContent } from '../api/get-course-content';
import { useReorderLessons } from '../api/reorder-lessons';
import { useReorderSections } from '../api/reorder-sections';
import { useDragSort } from '../hooks/use-drag-sort';
import { useMoveFocus } from '../hooks/use-move-focus';
import { moveAnnouncement, moveById, sameOrder } from '../reorder';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { dropLineClass } from './reorder-controls';
import { SectionBlock } from './section-block';
import { failureToast } from '#client/lib/failure-toast';

type Move = { delta: -1 | 1 } | { to: number };

/** The builder's Curriculum step: sections and lessons, added, edited and put in order. */
export function CurriculumEditor({ courseId }: { courseId: string }) {
  const content = useCourseContent(courseId);
  const reorderSections = useReorderSections(courseId);
  const reorderLessons = useReorderLessons(courseId);
  const { moved, announcement } = useMoveFocus(content.data);
  const sections = content.data?.sections ?? [];

  const moveSection = (id: string, move: Move) => {
    const next = moveById(sections, id, move);
    if (sameOrder(next, sections)) return;
    reorderSections.mutate(next.map((s) => s.id));
    const at = next.findIndex((s) => s.id === id);
    const message = moveAnnouncement('Section', next[at]!.title, at + 1, next.length);
    if ('delta' in move) moved(id, move.delta < 0 ? 'up' : 'down', message);
    else moved(id, 'up', message);
  };

  const moveLesson = (sectionId: string, lessonId: string, move: Move) => {
    const lessons = sections.find((s) => s.id === sectionId)?.lessons ?? [];
    const next = moveById(lessons, lessonId, move);
    if (sameOrder(next, lessons)) return;
    reorderLessons.mutate({ sectionId, ids: next.map((l) => l.id) });
    const at = next.findIndex((l) => l.id === lessonId);
    const message = moveAnnouncement('Lesson', next[at]!.title, at + 1, next.length);
    // Only keyboard moves take focus back; a drop leaves focus where the pointer user left it.
    if ('delta' in move) moved(lessonId, move.delta < 0 ? 'up' : 'down', message);
  };

  const sectionDrag = useDragSort(
    sections.map((s) => s.id),
    (id, to) => moveSection(id, { to }),
  );

  if (content.isPending) return <PageSpinner label="Loading the curriculum…" className="min-h-48" />;
  if (content.isError) {
    return (
      <LoadFailedCard what="the curriculum" retrying={content.isRefetching} onRetry={() => void content.refetch()} />
    );
  }

  return (
    <div className="space-y-5">
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {sections.length > 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Drag the handles, or use the arrow buttons, to change the order. Changes to the order save at once.
        </p>
      ) : (
        <Card className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
            <Layers aria-hidden="true" className="size-6" />
          </span>
          <p className="font-semibold">Start with a section</p>
          <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
            Sections group your lessons, e.g. “Getting started”, “The basics”, “Your first project”.
          </p>
        </Card>
      )}
      <ol className="space-y-4">
        {sections.map((section, i) => (
          <li key={section.id} {...sectionDrag.rowProps(i)} className={dropLineClass(sectionDrag.dropLine(i))}>
            <SectionBlock
              courseId={courseId}
              section={section}
              index={i}
              total={sections.length}
              onMove={(delta) => moveSection(section.id, { delta })}
              onMoveLesson={(lessonId, move) => moveLesson(section.id, lessonId, move)}
              handleProps={sectionDrag.handleProps(section.id)}
              dragging={sectionDrag.draggingId === section.id}
            />
          </li>
        ))}
      </ol>
      <AddSectionForm courseId={courseId} />
    </div>
  );
}

function AddSectionForm({ courseId }: { courseId: string }) {
  const create = useCreateSection(courseId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TSectionInput>({ resolver: zodResolver(ZSectionInput), defaultValues: { title: '' } });
  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => reset({ title: '' }),
      onError: (err) => {
        if (!applyFieldErrors(err, setError, ['title'])) toast(failureToast('Could not add the section', err));
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a section"
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <FormField id="new-section-title" label="New section title" error={errors.title?.message}>
          {(c) => (
            <Input
              {...c}
              {...register('title')}
              maxLength={120}
              placeholder="e.g. Getting started"
              autoComplete="off"
            />
          )}
        </FormField>
      </div>
      <Button type="submit" variant="secondary" className="sm:mt-6.5" loading={create.isPending} loadingText="Adding…">
        <Plus aria-hidden="true" className="size-4" />
        Add section
      </Button>
    </form>
  );
}
