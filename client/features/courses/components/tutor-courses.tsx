import { BookOpen, Eye, Pencil, Plus, Send, Star, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TTutorCourseList } from '#shared/courses/courses.schemas';
import { formatMoney } from '#shared/money';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { useDeleteCourse } from '../api/delete-course';
import { useTutorCourses } from '../api/get-tutor-courses';
import { useSubmitCourse } from '../api/submit-course';
import { useMoneyStep } from '#client/features/privacy';
import { plural, ratingText } from '../format';
import { builderPath } from '../paths';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { CourseThumbnail, StatusBadge } from './course-visuals';
import { formatNumber } from '#shared/format';

type TutorCourse = TTutorCourseList['courses'][number];

/** The tutor's figures on /courses/tutor: published courses, enrolments and the average rating. */
export function TutorOverview() {
  const courses = useTutorCourses(true);
  const list = courses.data?.courses ?? [];
  const published = list.filter((c) => c.status === 'published');
  const enrolments = list.reduce((n, c) => n + c.enrolmentCount, 0);
  const rated = list.filter((c) => c.ratingCount > 0);
  const ratingCount = rated.reduce((n, c) => n + c.ratingCount, 0);
  const average =
    ratingCount > 0 ? rated.reduce((sum, c) => sum + (c.ratingAverage ?? 0) * c.ratingCount, 0) / ratingCount : null;

  return (
    <>
      <h2 className="sr-only">Overview</h2>
      <div className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Stat
          icon={BookOpen}
          label="Published courses"
          value={courses.data ? `${published.length} of ${list.length}` : '–'}
        />
        <Stat icon={Users} label="Enrolments" value={courses.data ? formatNumber(enrolments) : '–'} />
        <Stat
          icon={Star}
          label="Average rating"
          value={ratingText(average) ?? '–'}
          note={ratingCount > 0 ? plural(ratingCount, 'review') : 'No reviews yet'}
          className="col-span-2 lg:col-span-1"
        />
      </div>
    </>
  );
}

/** The tutor's courses in every status, with what to do next on each. */
export function TutorCourses() {
  const courses = useTutorCourses(true);
  const list = courses.data?.courses ?? [];
  return (
    <>
      <h2 className="mb-3 text-lg font-semibold">Your courses</h2>
      {courses.isPending ? (
        <div role="status" aria-label="Loading your courses" className="space-y-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-28 animate-pulse rounded-2xl bg-zinc-200 dark:bg-zinc-800" />
          ))}
        </div>
      ) : courses.isError ? (
        <LoadFailedCard what="your courses" retrying={courses.isRefetching} onRetry={() => void courses.refetch()} />
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <p className="text-base font-semibold">You have no courses yet</p>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
            Create your first course: add the details, then sections and lessons, and submit it for review.
          </p>
          <Link to="/courses/create" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            Create a course
          </Link>
        </Card>
      ) : (
        <ul className="space-y-3">
          {list.map((course) => (
            <li key={course.id}>
              <TutorCourseRow course={course} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  note,
  className,
}: {
  icon: typeof Users;
  label: string;
  value: string;
  note?: string;
  className?: string;
}) {
  return (
    <Card className={cn('p-4', className)}>
      <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </p>
      <p className="mt-1 text-2xl font-bold tracking-tight tabular-nums">{value}</p>
      {note ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{note}</p> : null}
    </Card>
  );
}

function TutorCourseRow({ course }: { course: TutorCourse }) {
  const submit = useSubmitCourse();
  // Submitting a paid course is selling: the age gate may ask first, then the submission goes on.
  const gate = useMoneyStep();
  const send = () => submit.mutate(course.id, { onError: (error) => void gate.catches(error, send) });
  const remove = useDeleteCourse();
  const [confirming, setConfirming] = useState(false);
  // Only an unpublished course nobody joined is deleted; the server archives any other (its
  // learners keep it), and the dialog says which before it happens.
  const archive = !((course.status === 'draft' || course.status === 'rejected') && course.enrolmentCount === 0);
  const canSubmit = (course.status === 'draft' || course.status === 'rejected') && course.lessonCount > 0;

  return (
    <Card data-testid="tutor-course" className="overflow-hidden">
      <div className="flex flex-col gap-4 p-4 sm:flex-row">
        <CourseThumbnail
          course={course}
          className="rounded-xl sm:w-44 sm:shrink-0"
          sizes="(min-width: 640px) 176px, calc(100vw - 32px)"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={course.status} />
            <span className="text-sm font-semibold">{formatMoney(course.priceMinor, course.currency)}</span>
          </div>
          <h3 className="text-base leading-snug font-semibold">{course.title}</h3>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
            <span>{plural(course.lessonCount, 'lesson')}</span>
            <span>{plural(course.enrolmentCount, 'enrolment')}</span>
            <span>
              {course.ratingCount > 0
                ? `${ratingText(course.ratingAverage)} ★ (${plural(course.ratingCount, 'review')})`
                : 'No reviews yet'}
            </span>
          </p>
          {course.status === 'rejected' && course.rejectionReason ? (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200">
              <span className="font-semibold">Changes requested: </span>
              {course.rejectionReason}
            </p>
          ) : null}
          {course.status === 'draft' && course.lessonCount === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Add at least one lesson to submit it for review.</p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 border-t border-zinc-200 bg-zinc-50 px-4 py-3 dark:border-zinc-800 dark:bg-zinc-950/40">
        <Link
          to={builderPath(course.id)}
          className={buttonClasses('outline', 'sm')}
          aria-label={`Edit ${course.title}`}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Link>
        <Link
          to={`/courses/course-detail/${course.id}`}
          className={buttonClasses('outline', 'sm')}
          aria-label={`View ${course.title}`}
        >
          <Eye aria-hidden="true" className="size-4" />
          View
        </Link>
        {canSubmit ? (
          <Button
            size="sm"
            loading={submit.isPending}
            loadingText="Submitting…"
            onClick={send}
            aria-label={`Submit ${course.title} for review`}
          >
            <Send aria-hidden="true" className="size-4" />
            Submit for review
          </Button>
        ) : null}
        {gate.dialog}
        {course.status !== 'archived' ? (
          <Button
            variant="ghost-destructive"
            size="sm"
            className="ml-auto"
            onClick={() => setConfirming(true)}
            aria-label={`${archive ? 'Archive' : 'Delete'} ${course.title}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {archive ? 'Archive' : 'Delete'}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={archive ? 'Archive this course?' : 'Delete this course?'}
        description={
          archive ? (
            <p>
              “{course.title}” leaves the catalogue and nobody new can enrol.
              {course.enrolmentCount > 0
                ? ` The ${plural(course.enrolmentCount, 'learner')} who joined keep access.`
                : ''}
            </p>
          ) : (
            <p>“{course.title}”, its sections and lessons will be deleted. This cannot be undone.</p>
          )
        }
        confirmText={archive ? 'Archive course' : 'Delete course'}
        confirmVariant="destructive"
        loading={remove.isPending}
        loadingText={archive ? 'Archiving…' : 'Deleting…'}
        onConfirm={() => remove.mutate({ id: course.id, archive }, { onSuccess: () => setConfirming(false) })}
      />
    </Card>
  );
}
