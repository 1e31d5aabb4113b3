import {
  ClipboardCheck,
  FileText,
  ListChecks,
  Paperclip,
  Pencil,
  PlayCircle,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import type { TLessonKind } from '#shared/courses/courses.constants';
import { useState } from 'react';
import type { TLessonContent } from '#shared/courses/lessons.schemas';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { cn } from '#client/lib/cn';
import { useDeleteLesson } from '../api/delete-lesson';
import { formatClock } from '../format';
import { GradedLessonTools } from './graded-lesson-tools';
import { DragHandle, MoveButtons, type DragHandleProps } from './reorder-controls';

const LESSON_ICONS: Record<TLessonKind, typeof FileText> = {
  video: PlayCircle,
  text: FileText,
  quiz: ListChecks,
  assignment: ClipboardCheck,
};
const LESSON_KIND_NAMES: Record<TLessonKind, string> = {
  video: 'Video lesson',
  text: 'Text lesson',
  quiz: 'Quiz',
  assignment: 'Assignment',
};

interface LessonRowProps {
  courseId: string;
  lesson: TLessonContent;
  index: number;
  total: number;
  onMove: (delta: -1 | 1) => void;
  onEdit: () => void;
  handleProps: DragHandleProps;
  dragging: boolean;
}

export function LessonRow({ courseId, lesson, index, total, onMove, onEdit, handleProps, dragging }: LessonRowProps) {
  const remove = useDeleteLesson(courseId);
  const [confirming, setConfirming] = useState(false);
  const Icon = LESSON_ICONS[lesson.kind];
  const missingVideo = lesson.kind === 'video' && !lesson.videoUploadId && !lesson.videoUrl;

  return (
    <div
      data-testid="builder-lesson"
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-zinc-200 bg-white px-2 py-2 sm:flex-nowrap dark:border-zinc-800 dark:bg-zinc-900',
        dragging && 'opacity-50',
      )}
    >
      <DragHandle label="Drag to reorder the lesson" {...handleProps} />
      <Icon aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          <span className="sr-only">{LESSON_KIND_NAMES[lesson.kind]}: </span>
          {lesson.title}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
          {lesson.durationSeconds > 0 ? (
            <span className="tabular-nums">{formatClock(lesson.durationSeconds)}</span>
          ) : null}
          {lesson.preview ? (
            <span className="font-medium text-indigo-700 dark:text-indigo-300">Free preview</span>
          ) : null}
          {lesson.attachments.length > 0 ? (
            <span className="inline-flex items-center gap-0.5">
              <Paperclip aria-hidden="true" className="size-3" />
              {lesson.attachments.length} {lesson.attachments.length === 1 ? 'file' : 'files'}
            </span>
          ) : null}
          {missingVideo ? (
            <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-400">
              <TriangleAlert aria-hidden="true" className="size-3" /> No video yet
            </span>
          ) : null}
        </p>
      </div>
      <div className="ml-auto flex shrink-0 items-center">
        <MoveButtons id={lesson.id} what={`lesson “${lesson.title}”`} index={index} total={total} onMove={onMove} />
        <GradedLessonTools courseId={courseId} lesson={lesson} />
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Edit lesson “${lesson.title}”`}
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost-destructive"
          size="icon"
          className="size-8"
          aria-label={`Delete lesson “${lesson.title}”`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this lesson?"
        description={
          <p>“{lesson.title}” and its attachments will be removed from the course. This cannot be undone.</p>
        }
        confirmText="Delete lesson"
        confirmVariant="destructive"
        loading={remove.isPending}
        loadingText="Deleting…"
        onConfirm={() => remove.mutate(lesson.id, { onSuccess: () => setConfirming(false) })}
      />
    </div>
  );
}
