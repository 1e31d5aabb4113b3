import { Star } from 'lucide-react';

/** "★ 4.5 · 12 reviews", or "No reviews yet": the same line on cards and on the profile. */
export function RatingSummary({ rating, reviews }: { rating: number | null; reviews: number }) {
  if (rating === null || reviews === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No reviews yet</p>;
  return (
    <p className="flex items-center gap-1 text-sm">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      <span className="font-semibold">{rating.toFixed(1)}</span>
      <span className="sr-only">out of 5</span>
      <span className="text-zinc-600 dark:text-zinc-400">
        · {reviews} {reviews === 1 ? 'review' : 'reviews'}
      </span>
    </p>
  );
}

/** Five stars, filled up to `value`: a review's rating, read out as "4 out of 5". */
export function Stars({ value }: { value: number }) {
  return (
    <span role="img" aria-label={`${value} out of 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= value ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-zinc-300 dark:text-zinc-600'}
        />
      ))}
    </span>
  );
}
