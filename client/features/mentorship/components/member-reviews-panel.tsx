import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZReviewHideInput, type TAdminReview, type TReviewHideInput } from '#shared/mentorship/reviews.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { isApiError, serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useAdminMemberReviews, useSetReviewHidden } from '../api/admin-reviews';
import { dateLabel } from '../format';
import { Stars } from './rating';

function HideControl({ userId, review }: { userId: string; review: TAdminReview }) {
  const [asking, setAsking] = useState(false);
  const set = useSetReviewHidden(userId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TReviewHideInput>({ resolver: zodResolver(ZReviewHideInput), defaultValues: { reason: '' } });
  const who = `${review.author.fullName}'s review of ${review.mentor.fullName}`;
  // The console's password dialog answers a lapsed confirmation by itself; the admin then presses again.
  const failed = set.isError && !isApiError(set.error, 403) && !(isApiError(set.error) && set.error.body?.fields);

  const hide = handleSubmit(({ reason }) =>
    set.mutate(
      { reviewId: review.id, reason },
      { onError: (err) => applyFieldErrors(err, setError, ['reason']), onSuccess: () => setAsking(false) },
    ),
  );

  if (review.hidden) {
    return (
      <Button
        size="sm"
        variant="outline"
        disabled={set.isPending}
        onClick={() => set.mutate({ reviewId: review.id, reason: null })}
        aria-label={`Show ${who} again`}
      >
        Show again
      </Button>
    );
  }
  if (!asking) {
    return (
      <Button size="sm" variant="ghost-destructive" onClick={() => setAsking(true)} aria-label={`Hide ${who}`}>
        Hide review
      </Button>
    );
  }
  return (
    <form onSubmit={hide} noValidate className="space-y-2">
      <FormField
        id={`hide-${review.id}`}
        label="Why hide it?"
        error={errors.reason?.message}
        hint="The author sees this reason."
      >
        {(c) => <Input {...c} {...register('reason')} autoFocus />}
      </FormField>
      {failed ? <Alert tone="error">{serverMessage(set.error) ?? 'That did not work. Please try again.'}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={set.isPending}>
          Hide review
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The admin's member page (decision 035): mentor reviews the member wrote or received, hidden
 * ones marked, each with Hide review (a reason is required) or Show again.
 */
export function MemberReviewsPanel({ userId }: { userId: string }) {
  const { data, isPending, isError } = useAdminMemberReviews(userId);
  return (
    <Card className="mt-6 space-y-3 p-4">
      <h2 className="text-base font-semibold">Mentor reviews</h2>
      {isPending ? <PageSpinner label="Loading reviews…" /> : null}
      {isError ? <Alert tone="error">Reviews could not be loaded. Please try again.</Alert> : null}
      {data && data.reviews.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No mentor reviews by or about this member.</p>
      ) : null}
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {data?.reviews.map((r) => (
          <li key={r.id} className="space-y-2 py-3" data-testid="admin-review">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Stars value={r.rating} />
              <span>
                {r.author.fullName} on {r.mentor.fullName} · {dateLabel(r.createdAt)}
              </span>
              {r.hidden ? (
                <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950/60 dark:text-amber-200">
                  Hidden: {r.hiddenReason}
                </span>
              ) : null}
            </div>
            <p className="text-sm break-words whitespace-pre-line">{r.text}</p>
            {r.reply ? (
              <p className="border-l-2 border-zinc-300 pl-2 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
                Reply: {r.reply.text}
              </p>
            ) : null}
            <HideControl userId={userId} review={r} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
