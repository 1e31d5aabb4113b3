import type { TCourseDetail } from '#shared/courses/courses.schemas';
import { Card } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { formatDate } from '#client/lib/format-date';
import { initials } from '#client/lib/initials';
import { useReviews } from '../api/get-reviews';
import { plural, ratingText } from '../format';
import { RatingStars } from './course-visuals';
import { ReviewForm } from './review-form';

/** The average, the newest reviews, and the learner's own form when the server allows one. */
export function ReviewsSection({ course }: { course: TCourseDetail }) {
  const reviews = useReviews(course.id);
  const data = reviews.data;
  const average = data?.ratingAverage ?? course.ratingAverage;
  const count = data?.ratingCount ?? course.ratingCount;

  return (
    <div className="space-y-6">
      {count > 0 ? (
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-5xl font-bold tracking-tight text-amber-600 dark:text-amber-400">{ratingText(average)}</p>
          <div className="space-y-1">
            <RatingStars value={average ?? 0} className="text-xl" />
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Course rating · {plural(count, 'review')}</p>
          </div>
        </div>
      ) : null}

      {course.viewer.canReview ? (
        <Card className="p-5">
          {reviews.isPending ? (
            <Spinner />
          ) : (
            <ReviewForm key={data?.mine?.updatedAt ?? 'new'} courseId={course.id} mine={data?.mine ?? null} />
          )}
        </Card>
      ) : null}

      {reviews.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner /> Loading reviews…
        </p>
      ) : reviews.isError ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">We could not load the reviews.</p>
      ) : data && data.reviews.length > 0 ? (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {data.reviews.map((review) => (
              <li key={review.id} className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-zinc-900 text-sm font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900"
                  >
                    {initials(review.author.fullName)}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate text-sm font-semibold">{review.author.fullName}</p>
                    <p className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                      <RatingStars value={review.rating} />
                      <span className="sr-only">{review.rating} out of 5 stars,</span>
                      {formatDate(review.updatedAt)}
                    </p>
                  </div>
                </div>
                {review.text ? (
                  <p className="mt-3 text-sm leading-relaxed whitespace-pre-line text-zinc-700 dark:text-zinc-300">
                    {review.text}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          {count > data.reviews.length ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Showing the {data.reviews.length} newest of {plural(count, 'review')}.
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {course.viewer.canReview
            ? 'No reviews yet: yours can be the first.'
            : 'No reviews yet. Learners who take the course can rate it here.'}
        </p>
      )}
    </div>
  );
}
