import { CircleCheck } from 'lucide-react';
import type { TLessonContent } from '#shared/courses/lessons.schemas';
import { progressLine, readSecondsFor, type TLessonFacts } from '#shared/courses/lesson-progress';
import type { LessonWrites } from '../api/learning-writes';
import { WaitingWrite } from './waiting-write';

/**
 * Where the learner is in a lesson (decision 052): done, or how much of the video was watched
 * and how much of the text was read, as the server measured it. There is no button: watching
 * and reading complete a lesson, grades complete quizzes and assignments.
 */
export function LessonStatus({
  lesson,
  completed,
  facts,
  waiting,
  doneWhenSent,
}: {
  lesson: TLessonContent;
  completed: boolean;
  /** With the reports still waiting on the device counted. */
  facts: TLessonFacts | undefined;
  waiting: LessonWrites | undefined;
  /** The waiting reports complete the lesson once the server counts them. */
  doneWhenSent: boolean;
}) {
  if (completed) {
    return (
      <span className="inline-flex h-10 items-center gap-1.5 rounded-lg bg-emerald-50 px-3 text-sm font-medium text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300">
        <CircleCheck aria-hidden="true" className="size-4" />
        Completed
      </span>
    );
  }
  if (lesson.kind !== 'video' && lesson.kind !== 'text') return null;
  const shown = facts ?? {
    lessonId: lesson.id,
    watchedSeconds: 0,
    videoSeconds: lesson.durationSeconds,
    openSeconds: 0,
    readSeconds: readSecondsFor(lesson.body),
    scrolledToEnd: false,
  };
  if (waiting?.reports.length) {
    return (
      <WaitingWrite writes={waiting}>
        {doneWhenSent ? 'Completed on this device' : `${progressLine(lesson.kind, shown)}, saved on this device`}: it
        will sync when you’re back online.
      </WaitingWrite>
    );
  }
  return (
    <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
      {progressLine(lesson.kind, shown)}
    </p>
  );
}
