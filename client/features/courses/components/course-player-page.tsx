import * as Dialog from '@radix-ui/react-dialog';
import { ArrowLeft, ChevronLeft, ChevronRight, ListVideo, Lock, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DocumentTitle } from '#client/components/document-title';
import { Alert } from '#client/components/ui/alert';
import { buttonClasses } from '#client/components/ui/button';
import { isApiError } from '#client/lib/api-client';
import { useCourse } from '../api/get-course';
import { useCourseContent } from '../api/get-course-content';
import { useProgress } from '../api/get-progress';
import { doneWhenSent, factsWithWaiting, useLearningWrites } from '../api/learning-writes';
import { useUser } from '#client/features/accounts';
import { CompletionPanel } from './completion-panel';
import { CourseLoadError, CoursePageSkeleton } from './course-states';
import { ProgressBar } from './course-visuals';
import { LessonList } from './lesson-list';
import { LessonQa } from './lesson-qa';
import { LessonStatus } from './lesson-status';
import { LessonView } from './lesson-view';
import { useSavedFiles } from '../offline/use-downloads';
import { StateCard } from '#client/components/state-card';

/**
 * /courses/course-content/{id} and /courses/{id}/learn: the player. The lesson is in the URL
 * (?lesson=), so back and forward move between lessons; without one it resumes where the
 * learner left off, or at the first lesson not yet done.
 */
export function CoursePlayerPage() {
  const { courseId = '' } = useParams();
  const [params] = useSearchParams();
  const course = useCourse(courseId);
  const enrolled = course.data?.viewer.enrolled === true;
  const content = useCourseContent(courseId, course.isSuccess);
  const progress = useProgress(courseId, enrolled);
  // A downloaded course plays from the device (decision 080).
  const saved = useSavedFiles(courseId);
  const [drawer, setDrawer] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const completionHeading = useRef<string | null>(null);

  const sections = useMemo(() => content.data?.sections ?? [], [content.data]);
  const lessons = useMemo(
    () => sections.flatMap((s) => s.lessons.map((l) => ({ ...l, sectionTitle: s.title }))),
    [sections],
  );
  const completed = useMemo(() => new Set(progress.data?.completedLessonIds ?? []), [progress.data]);
  // Reports kept on the device while offline (decision 074): counted here as the server will.
  const waiting = useLearningWrites(courseId, useUser().data?.id);
  const factsFor = (lesson: (typeof lessons)[number]) =>
    factsWithWaiting(
      lesson,
      progress.data?.lessonFacts.find((f) => f.lessonId === lesson.id),
      waiting.get(lesson.id)?.reports ?? [],
    );
  const pending = new Set(
    lessons.filter((l) => waiting.has(l.id) && !completed.has(l.id) && doneWhenSent(l, factsFor(l))).map((l) => l.id),
  );
  const requested = params.get('lesson');
  const current =
    lessons.find((l) => l.id === requested) ??
    lessons.find((l) => l.id === progress.data?.lastLessonId) ??
    lessons.find((l) => !completed.has(l.id)) ??
    lessons[0];
  const index = current ? lessons.indexOf(current) : -1;
  const previous = index > 0 ? lessons[index - 1] : undefined;
  const next = index >= 0 ? lessons[index + 1] : undefined;

  // The lesson opened is put in the URL: completing it (by reading or watching) must not move
  // the learner on to the next lesson not yet done.
  const navigate = useNavigate();
  const currentId = current?.id;
  useEffect(() => {
    if (!requested && currentId) void navigate({ search: `?lesson=${currentId}` }, { replace: true });
  }, [requested, currentId, navigate]);

  // A new lesson chosen: move focus to its title, as a page change would.
  const shownId = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!current) return;
    if (shownId.current && shownId.current !== current.id) heading.current?.focus();
    shownId.current = current.id;
  }, [current]);

  // The moment the last lesson is done, the celebration takes focus.
  const completedAt = progress.data?.completedAt ?? null;
  useEffect(() => {
    if (completionHeading.current === null) completionHeading.current = completedAt ?? '';
    else if (completedAt && completionHeading.current === '') {
      completionHeading.current = completedAt;
      document.getElementById('completion-heading')?.focus();
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  }, [completedAt]);

  if (course.isPending || (course.isSuccess && content.isPending) || !saved.ready)
    return <CoursePageSkeleton label="Loading the course…" />;
  if (isApiError(content.error, 403)) {
    return (
      <StateCard
        icon={Lock}
        title="Enrol to open this course"
        actions={
          <Link to={`/courses/course-detail/${courseId}`} className={buttonClasses('primary')}>
            See the course
          </Link>
        }
      >
        The lessons open once you are enrolled. Some courses have free preview lessons; this one has none.
      </StateCard>
    );
  }
  const failed = course.error ?? content.error;
  if (failed) {
    return (
      <CourseLoadError
        error={failed}
        retrying={course.isRefetching || content.isRefetching}
        onRetry={() => void (course.isError ? course.refetch() : content.refetch())}
      />
    );
  }
  const detail = course.data!;
  const percent = progress.data?.percent ?? detail.viewer.progressPercent ?? 0;
  const lessonLink = (id: string) => ({ search: `?lesson=${id}` });

  const list = (
    <LessonList
      sections={sections}
      currentId={current?.id}
      completed={completed}
      pending={pending}
      onNavigate={() => setDrawer(false)}
    />
  );
  const progressBox = enrolled ? (
    <div className="space-y-1.5">
      <div className="flex justify-between text-sm">
        <span className="font-medium">
          {completed.size} of {lessons.length} lessons done
        </span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <ProgressBar percent={percent} label="Course progress" />
    </div>
  ) : null;

  return (
    <>
      <DocumentTitle title={current ? `${current.title} · ${detail.title}` : detail.title} />
      <div className="mb-5 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link
          to={`/courses/course-detail/${courseId}`}
          className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Course page
        </Link>
        <h1 className="min-w-0 flex-1 basis-full text-lg font-semibold tracking-tight sm:basis-auto sm:text-xl">
          {detail.title}
        </h1>
      </div>

      {!enrolled && !detail.viewer.isTutor && !detail.viewer.canEdit ? (
        <Alert tone="info" className="mb-5">
          You are watching the free preview lessons.{' '}
          <Link to={`/courses/course-detail/${courseId}`} className="font-semibold underline">
            Enrol to unlock the whole course
          </Link>
          .
        </Alert>
      ) : null}

      {/* Below 1024 px the lesson list is a drawer, opened from here. */}
      <div className="mb-5 flex items-center gap-3 lg:hidden">
        <Dialog.Root open={drawer} onOpenChange={setDrawer}>
          <Dialog.Trigger className={buttonClasses('outline', 'md', 'shrink-0')}>
            <ListVideo aria-hidden="true" className="size-4" />
            Lessons
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px]" />
            <Dialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 right-0 z-50 flex w-[min(24rem,90vw)] flex-col gap-4 overflow-y-auto border-l border-zinc-200 bg-white p-4 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div className="flex items-center justify-between">
                <Dialog.Title className="text-base font-semibold">Course content</Dialog.Title>
                <Dialog.Close className={buttonClasses('ghost', 'icon', '-mr-2')} aria-label="Close lessons">
                  <X aria-hidden="true" className="size-5" />
                </Dialog.Close>
              </div>
              {progressBox}
              {list}
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        {enrolled ? (
          <div className="min-w-0 flex-1">
            <ProgressBar percent={percent} label="Course progress" />
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{percent}% complete</p>
          </div>
        ) : null}
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          {enrolled && completedAt ? (
            <CompletionPanel
              courseId={courseId}
              courseTitle={detail.title}
              certificateCode={progress.data?.certificateCode ?? null}
            />
          ) : null}
          {current ? (
            <>
              <LessonView
                key={current.id}
                courseId={courseId}
                lesson={saved.lesson(current)}
                sectionTitle={current.sectionTitle}
                startAt={current.id === progress.data?.lastLessonId ? progress.data.lastPositionSeconds : 0}
                track={enrolled}
                headingRef={heading}
              />
              <div className="flex flex-wrap items-center gap-2 border-t border-zinc-200 pt-5 dark:border-zinc-800">
                {enrolled ? (
                  <LessonStatus
                    lesson={current}
                    completed={completed.has(current.id)}
                    facts={factsFor(current)}
                    waiting={waiting.get(current.id)}
                    doneWhenSent={pending.has(current.id)}
                  />
                ) : null}
                <div className="ml-auto flex gap-2">
                  {previous ? (
                    <Link
                      to={lessonLink(previous.id)}
                      className={buttonClasses('outline')}
                      aria-label={`Previous lesson: ${previous.title}`}
                    >
                      <ChevronLeft aria-hidden="true" className="size-4" />
                      <span className="hidden sm:inline">Previous</span>
                    </Link>
                  ) : null}
                  {next ? (
                    <Link
                      to={lessonLink(next.id)}
                      className={buttonClasses('outline')}
                      aria-label={`Next lesson: ${next.title}`}
                    >
                      <span className="hidden sm:inline">Next</span>
                      <ChevronRight aria-hidden="true" className="size-4" />
                    </Link>
                  ) : null}
                </div>
              </div>
              {enrolled || detail.viewer.isTutor ? (
                <LessonQa
                  courseId={courseId}
                  lessonId={current.id}
                  viewer={{
                    canAsk: enrolled && !detail.viewer.isTutor,
                    canAnswer: enrolled || detail.viewer.isTutor,
                    isTutor: detail.viewer.isTutor,
                  }}
                />
              ) : null}
            </>
          ) : (
            <p className="text-zinc-600 dark:text-zinc-400">This course has no lessons yet.</p>
          )}
        </div>
        <aside aria-label="Course content" className="hidden lg:block">
          <div className="sticky top-24 max-h-[calc(100dvh-7rem)] space-y-4 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            {progressBox}
            {list}
          </div>
        </aside>
      </div>
    </>
  );
}
