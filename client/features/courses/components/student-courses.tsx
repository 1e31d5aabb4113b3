import { BookOpenCheck, CircleCheck, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { TEnrolment } from '#shared/courses/lessons.schemas';
import { buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { formatDate } from '#client/lib/format-date';
import { useEnrollments } from '../api/get-enrollments';
import { plural } from '../format';
import { CertificateLinks } from './certificate-links';
import { playerPath } from '../paths';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { CourseThumbnail, ProgressBar } from './course-visuals';

/** The learner's courses on /courses/student: in progress and completed, with certificates. */
export function StudentCourses() {
  const enrolments = useEnrollments();
  const list = enrolments.data?.enrollments ?? [];
  const inProgress = list.filter((e) => !e.completedAt);
  const completed = list.filter((e) => e.completedAt);

  return (
    <>
      {enrolments.isPending ? (
        <div role="status" aria-label="Loading your courses" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-72 animate-pulse rounded-2xl bg-zinc-200 dark:bg-zinc-800" />
          ))}
        </div>
      ) : enrolments.isError ? (
        <LoadFailedCard
          what="your courses"
          retrying={enrolments.isRefetching}
          onRetry={() => void enrolments.refetch()}
        />
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
            <BookOpenCheck aria-hidden="true" className="size-6" />
          </span>
          <p className="text-base font-semibold">You have not enrolled in a course yet</p>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
            Browse the catalogue and start learning: many courses are free.
          </p>
          <Link to="/courses" className={buttonClasses('primary')}>
            Browse courses
          </Link>
        </Card>
      ) : (
        <div className="space-y-10">
          <section aria-labelledby="in-progress-heading">
            <h2 id="in-progress-heading" className="mb-3 text-lg font-semibold">
              In progress <span className="text-zinc-500">({inProgress.length})</span>
            </h2>
            {inProgress.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                Nothing in progress: you have finished every course you started.
              </p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {inProgress.map((e, i) => (
                  <li key={e.course.id}>
                    <EnrolmentCard enrolment={e} first={i < 3} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {completed.length > 0 ? (
            <section aria-labelledby="completed-heading">
              <h2 id="completed-heading" className="mb-3 text-lg font-semibold">
                Completed <span className="text-zinc-500">({completed.length})</span>
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {completed.map((e) => (
                  <li key={e.course.id}>
                    <EnrolmentCard enrolment={e} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </>
  );
}

/** `first`: on screen as the page opens, its picture asked at once (decision 089), as CourseCard's. */
export function EnrolmentCard({ enrolment, first = false }: { enrolment: TEnrolment; first?: boolean }) {
  const { course } = enrolment;
  const done = Boolean(enrolment.completedAt);
  const resume = enrolment.lastLessonId
    ? `${playerPath(course.id)}?lesson=${enrolment.lastLessonId}`
    : playerPath(course.id);
  return (
    <Card data-testid="enrolment" className="flex h-full flex-col overflow-hidden">
      <CourseThumbnail course={course} eager={first} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="space-y-1">
          <h3 className="line-clamp-2 leading-snug font-semibold">
            <Link to={`/courses/course-detail/${course.id}`} className="hover:underline">
              {course.title}
            </Link>
          </h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{course.tutor.fullName}</p>
        </div>
        <div className="space-y-1.5">
          <div className="flex justify-between text-xs text-zinc-600 dark:text-zinc-400">
            <span>
              {done && enrolment.completedAt
                ? `Completed ${formatDate(enrolment.completedAt)}`
                : plural(course.lessonCount, 'lesson')}
            </span>
            <span className="font-medium tabular-nums">{enrolment.progressPercent}%</span>
          </div>
          <ProgressBar percent={enrolment.progressPercent} label={`Progress in ${course.title}`} />
        </div>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          {done ? (
            <>
              <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 dark:text-emerald-400">
                <CircleCheck aria-hidden="true" className="size-4" /> Completed
              </span>
              {enrolment.certificateCode ? (
                <CertificateLinks code={enrolment.certificateCode} courseTitle={course.title} />
              ) : null}
            </>
          ) : (
            <Link
              to={resume}
              className={buttonClasses('primary', 'sm')}
              aria-label={`${enrolment.progressPercent > 0 ? 'Continue' : 'Start'} ${course.title}`}
            >
              <PlayCircle aria-hidden="true" className="size-4" />
              {enrolment.progressPercent > 0 ? 'Continue' : 'Start'}
            </Link>
          )}
        </div>
      </div>
    </Card>
  );
}
