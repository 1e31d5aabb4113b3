import { Download, FileText } from 'lucide-react';
import type { Ref } from 'react';
import type { TLessonContent } from '#shared/courses/lessons.schemas';
import { Markdown } from '#client/components/markdown';
import { formatClock } from '../format';
import { AssignmentView } from './assignment-view';
import { QuizView } from './quiz-view';
import { useTextTracker } from '../hooks/use-lesson-tracker';
import { VideoPlayer } from './video-player';

/** One lesson: its video (or text, quiz or assignment), its notes, and its downloads. */
export function LessonView({
  courseId,
  lesson,
  sectionTitle,
  startAt,
  track,
  headingRef,
  headingTag: Heading = 'h2',
}: {
  courseId: string;
  lesson: TLessonContent;
  sectionTitle: string;
  startAt: number;
  track: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  /** h2 in the player; deeper where the lesson sits under a section heading (review mode). */
  headingTag?: 'h2' | 'h4';
}) {
  const endRef = useTextTracker(courseId, lesson.id, track && lesson.kind === 'text');
  const src = lesson.videoUpload?.url ?? lesson.videoUrl ?? null;
  const captions = lesson.captionsUpload
    ? { src: lesson.captionsUpload.url, label: lesson.captionsLabel, language: lesson.captionsLanguage }
    : null;
  return (
    <article className="space-y-5">
      {lesson.kind === 'video' ? (
        <VideoPlayer
          key={lesson.id}
          courseId={courseId}
          lessonId={lesson.id}
          src={src}
          title={lesson.title}
          startAt={startAt}
          track={track}
          captions={captions}
        />
      ) : null}
      <header className="space-y-1">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {sectionTitle}
          {lesson.durationSeconds > 0 ? ` · ${formatClock(lesson.durationSeconds)}` : ''}
        </p>
        <Heading ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none sm:text-2xl">
          {lesson.title}
        </Heading>
      </header>
      {lesson.body.trim() ? (
        <div
          className={
            lesson.kind === 'text'
              ? 'rounded-2xl border border-zinc-200 bg-white p-5 sm:p-8 dark:border-zinc-800 dark:bg-zinc-900'
              : ''
          }
        >
          <Markdown
            source={lesson.body}
            headingOffset={2}
            className={lesson.kind === 'text' ? 'text-base' : undefined}
          />
        </div>
      ) : null}
      {/* Reaching this line is reaching the end of the text. */}
      {lesson.kind === 'text' ? (
        <div ref={endRef} aria-hidden="true" data-testid="lesson-end" className="h-px" />
      ) : null}
      {lesson.kind === 'quiz' ? <QuizView courseId={courseId} lessonId={lesson.id} canAnswer={track} /> : null}
      {lesson.kind === 'assignment' ? (
        <AssignmentView courseId={courseId} lessonId={lesson.id} canSubmit={track} />
      ) : null}
      {lesson.attachments.length > 0 ? (
        <section aria-labelledby={`files-${lesson.id}`} className="space-y-2">
          <h3 id={`files-${lesson.id}`} className="text-sm font-semibold">
            Downloads
          </h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {lesson.attachments.map((file) => (
              <li key={file.id}>
                <a
                  href={file.url}
                  download={file.name}
                  className="flex items-center gap-3 rounded-xl border border-zinc-200 bg-white px-3 py-2.5 text-sm hover:border-indigo-300 hover:bg-indigo-50/50 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-700 dark:hover:bg-indigo-950/30"
                >
                  <FileText aria-hidden="true" className="size-5 shrink-0 text-red-600 dark:text-red-400" />
                  <span className="min-w-0 flex-1 truncate">{file.name}</span>
                  <span className="shrink-0 text-xs text-zinc-500">{Math.max(1, Math.round(file.size / 1024))} KB</span>
                  <Download aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
