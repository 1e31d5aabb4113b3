import { ArrowLeft, Lock, Pencil } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { COURSE_CATEGORY_LABELS, COURSE_LANGUAGE_LABELS, COURSE_LEVEL_LABELS } from '#shared/courses/courses.constants';
import { formatMoney } from '#shared/money';
import { Markdown } from '#client/components/markdown';
import { PageHeader } from '#client/components/page-header';
import { buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { formatDate } from '#client/lib/format-date';
import { useUser } from '#client/features/accounts';
import { useCourse } from '../api/get-course';
import { useCourseContent } from '../api/get-course-content';
import { formatDuration, plural } from '../format';
import { builderPath } from '../paths';
import { CourseLoadError, CoursePageSkeleton } from './course-states';
import { CourseThumbnail, RejectionNotice, StatusBadge } from './course-visuals';
import { LessonView } from './lesson-view';
import { ReviewDecisionPanel } from './review-decision-panel';
import { StateCard } from '#client/components/state-card';

/** /courses/content/{id}: everything in the course, read-only, for admins and the course's tutor. */
export function CourseReviewPage() {
  const { courseId = '' } = useParams();
  const { data: user } = useUser();
  const isAdmin = user?.role === 'admin';
  const course = useCourse(courseId);
  const allowed = isAdmin || course.data?.viewer.isTutor === true;
  const content = useCourseContent(courseId, allowed);

  if (course.isPending) return <CoursePageSkeleton label="Loading the course…" />;
  if (course.isError)
    return (
      <CourseLoadError error={course.error} onRetry={() => void course.refetch()} retrying={course.isRefetching} />
    );
  if (!allowed) {
    return (
      <StateCard icon={Lock} title="You do not have access to this">
        Only the course's tutor and admins can open review mode.
      </StateCard>
    );
  }
  const detail = course.data;
  const sections = content.data?.sections ?? [];
  const lessons = sections.flatMap((s) => s.lessons);

  return (
    <>
      <Link
        to={isAdmin ? '/admin/dashboard' : '/courses/tutor'}
        className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {isAdmin ? 'Admin dashboard' : 'Tutor dashboard'}
      </Link>
      <PageHeader
        title="Course review"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{detail.title}</span>
            <StatusBadge status={detail.status} />
          </span>
        }
        actions={
          detail.viewer.isTutor ? (
            <Link to={builderPath(courseId)} className={buttonClasses('outline')}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit course
            </Link>
          ) : undefined
        }
      />

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-8">
          {detail.status === 'rejected' && detail.rejectionReason ? (
            <RejectionNotice reason={detail.rejectionReason} />
          ) : null}
          <Card className="overflow-hidden">
            <div className="grid gap-5 p-5 sm:grid-cols-[12rem_minmax(0,1fr)]">
              <CourseThumbnail
                course={detail}
                className="rounded-xl"
                sizes="(min-width: 640px) 192px, calc(100vw - 72px)"
              />
              <div className="min-w-0 space-y-2">
                <p className="text-zinc-700 dark:text-zinc-300">{detail.summary}</p>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
                  {[
                    ['Tutor', detail.tutor.fullName],
                    ['Category', COURSE_CATEGORY_LABELS[detail.category]],
                    ['Level', COURSE_LEVEL_LABELS[detail.level]],
                    ['Language', COURSE_LANGUAGE_LABELS[detail.language]],
                    ['Price', formatMoney(detail.priceMinor, detail.currency)],
                    ['Last change', formatDate(detail.updatedAt)],
                  ].map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
                      <dd className="font-medium">{value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </div>
          </Card>

          <section aria-labelledby="review-description" className="space-y-3">
            <h2 id="review-description" className="text-lg font-semibold">
              Description
            </h2>
            {detail.description.trim() ? (
              <Markdown source={detail.description} />
            ) : (
              <p className="text-sm text-zinc-500">No description.</p>
            )}
          </section>

          <section aria-labelledby="review-content" className="space-y-4">
            <h2 id="review-content" className="text-lg font-semibold">
              Content{' '}
              <span className="text-sm font-normal text-zinc-500">
                ({plural(lessons.length, 'lesson')}, {formatDuration(detail.durationSeconds) || 'no duration'})
              </span>
            </h2>
            {content.isPending ? <p className="text-sm text-zinc-500">Loading the lessons…</p> : null}
            {content.isError ? (
              <p className="text-sm text-red-700 dark:text-red-400">We could not load the lessons.</p>
            ) : null}
            {sections.map((section, si) => (
              <section key={section.id} aria-label={`Section ${si + 1}: ${section.title}`} className="space-y-4">
                <h3 className="border-b border-zinc-200 pb-2 text-base font-semibold dark:border-zinc-800">
                  Section {si + 1}: {section.title}
                </h3>
                {section.lessons.map((lesson) => (
                  <Card key={lesson.id} data-testid="review-lesson" className="space-y-3 p-4 sm:p-5">
                    <p className="flex flex-wrap gap-2 text-xs font-medium">
                      <span className="rounded-full bg-zinc-100 px-2 py-0.5 dark:bg-zinc-800">
                        {lesson.kind === 'video' ? 'Video' : 'Text'}
                      </span>
                      {lesson.preview ? (
                        <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
                          Free preview
                        </span>
                      ) : null}
                    </p>
                    <LessonView
                      courseId={courseId}
                      lesson={lesson}
                      sectionTitle={section.title}
                      startAt={0}
                      track={false}
                      headingTag="h4"
                    />
                  </Card>
                ))}
              </section>
            ))}
          </section>
        </div>
        <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          {isAdmin && detail.status === 'in_review' ? <ReviewDecisionPanel courseId={courseId} /> : null}
          {!isAdmin || detail.status !== 'in_review' ? (
            <Card className="p-5 text-sm text-zinc-600 dark:text-zinc-400">
              {detail.status === 'in_review'
                ? 'This course is waiting for an admin to review it.'
                : detail.status === 'published'
                  ? 'This course is published.'
                  : detail.status === 'rejected'
                    ? 'Changes were requested; the tutor can submit again.'
                    : detail.status === 'archived'
                      ? 'This course is archived.'
                      : 'This course is a draft: the tutor has not submitted it yet.'}
            </Card>
          ) : null}
        </aside>
      </div>
    </>
  );
}
