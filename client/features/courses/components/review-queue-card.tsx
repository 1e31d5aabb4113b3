import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/money';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card';
import { formatDate } from '#client/lib/format-date';
import { useAdminCourses } from '../api/get-admin-courses';
import { plural } from '../format';
import { reviewPath } from '../paths';

/** The admin dashboard's queue: courses tutors submitted, oldest first, each a link to review mode. */
export function ReviewQueueCard() {
  const queue = useAdminCourses('in_review');
  const courses = queue.data?.courses ?? [];
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <ClipboardCheck aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
          Courses awaiting review
          {queue.data ? (
            <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-semibold dark:bg-zinc-800">
              {courses.length}
            </span>
          ) : null}
        </h2>
        <CardDescription>
          Approve a course to publish it, or send it back to its tutor with what to change.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {queue.isPending ? (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            Loading the queue…
          </p>
        ) : queue.isError ? (
          <div className="flex items-center gap-3 text-sm">
            <span>We could not load the queue.</span>
            <Button
              variant="outline"
              size="sm"
              loading={queue.isRefetching}
              loadingText="Trying again…"
              onClick={() => void queue.refetch()}
            >
              Try again
            </Button>
          </div>
        ) : courses.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No courses are waiting for review.</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {courses.map((course) => (
              <li key={course.id} data-testid="review-queue-item" className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{course.title}</p>
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    {course.tutor.fullName} · {plural(course.lessonCount, 'lesson')} ·{' '}
                    {formatMoney(course.priceMinor, course.currency)} · submitted {formatDate(course.updatedAt)}
                  </p>
                </div>
                <Link
                  to={reviewPath(course.id)}
                  className={buttonClasses('outline', 'sm')}
                  aria-label={`Review ${course.title}`}
                >
                  Review
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
