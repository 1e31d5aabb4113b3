import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { REVIEW_TEXT_MAX, ZReviewInput, type TReviewList } from '#shared/mentorship/reviews.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Select } from '#client/components/ui/select';
import { PageSpinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { isApiError, serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useMentorReviews, useReviewMentor } from '../api/reviews';
import { dateLabel } from '../format';
import { RatingSummary, Stars } from './rating';
import { ReviewReply } from './review-reply';

const RATINGS = [5, 4, 3, 2, 1] as const;
/** The mentor is the page's; the rating is the select's text until the schema makes it a number. */
const ZReviewForm = ZReviewInput.omit({ mentorId: true });

function ReviewForm({ mentorId }: { mentorId: string }) {
  const send = useReviewMentor(mentorId);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<z.input<typeof ZReviewForm>, unknown, z.output<typeof ZReviewForm>>({
    resolver: zodResolver(ZReviewForm),
    defaultValues: { rating: '', text: '' },
  });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onError: (err) => applyFieldErrors(err, setError, ['rating', 'text']),
      onSuccess: () => resetField('text'),
    }),
  );
  const refused = send.isError && !(isApiError(send.error) && send.error.body?.fields);

  return (
    <Card className="p-4">
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby="review-form-heading">
        <h3 id="review-form-heading" className="text-base font-semibold">
          Review this mentor
        </h3>
        <FormField id="review-rating" label="Rating" error={errors.rating?.message}>
          {(c) => (
            <Select {...c} {...register('rating')}>
              <option value="">Choose…</option>
              {RATINGS.map((r) => (
                <option key={r} value={r}>
                  {r} {r === 1 ? 'star' : 'stars'}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id="review-text"
          label="Your review"
          error={errors.text?.message}
          hint="What did your sessions help you with?"
        >
          {(c) => <Textarea {...c} {...register('text')} rows={4} maxLength={REVIEW_TEXT_MAX} />}
        </FormField>
        {refused ? (
          <Alert tone="error">{serverMessage(send.error) ?? 'The review could not be sent. Please try again.'}</Alert>
        ) : null}
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Post review'}
        </Button>
      </form>
    </Card>
  );
}

function ReviewItems({
  data,
  mentorId,
  viewerId,
}: {
  data: TReviewList;
  mentorId: string;
  viewerId: string | undefined;
}) {
  return (
    <ul className="space-y-3">
      {data.reviews.map((r) => (
        <li key={r.id}>
          <Card className="space-y-2 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Stars value={r.rating} />
              <span className="text-xs text-zinc-600 dark:text-zinc-400">
                {r.author.fullName} · {dateLabel(r.createdAt)}
              </span>
            </div>
            {r.hidden ? (
              <p
                className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
                data-testid="review-hidden"
              >
                Hidden by an admin{r.hiddenReason ? `: ${r.hiddenReason}` : ''}. Only you can see it.
              </p>
            ) : null}
            <p className="text-sm break-words whitespace-pre-line">{r.text}</p>
            <ReviewReply mentorId={mentorId} review={r} own={viewerId === mentorId} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The mentor's reviews on their profile, newest first and paged, with the mentor's replies, and the form when the viewer may review. */
export function ReviewsSection({ mentorId, viewerId }: { mentorId: string; viewerId: string | undefined }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useMentorReviews(mentorId, page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-labelledby="reviews-heading" className="space-y-3">
      <h2 id="reviews-heading" className="text-lg font-semibold">
        Reviews
      </h2>
      {isPending ? <PageSpinner label="Loading reviews…" /> : null}
      {isError ? <Alert tone="error">Reviews could not be loaded. Please try again.</Alert> : null}
      {data ? (
        <>
          <RatingSummary rating={data.average} reviews={data.total} />
          {data.canReview ? <ReviewForm mentorId={mentorId} /> : null}
          {data.reviewHint ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{data.reviewHint}</p> : null}
          <ReviewItems data={data} mentorId={mentorId} viewerId={viewerId} />
          {pages > 1 ? (
            <nav aria-label="Review pages" className="flex items-center justify-center gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
