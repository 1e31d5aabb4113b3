import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  REPLY_TEXT_MAX,
  ZReviewReplyInput,
  type TReview,
  type TReviewReplyInput,
} from '#shared/mentorship/reviews.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { isApiError, serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useReviewReply } from '../api/reviews';
import { dateLabel } from '../format';

function ReplyForm({ mentorId, review, onDone }: { mentorId: string; review: TReview; onDone: () => void }) {
  const { save } = useReviewReply(mentorId, review.id);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<TReviewReplyInput>({
    resolver: zodResolver(ZReviewReplyInput),
    defaultValues: { text: review.reply?.text ?? '' },
  });
  const text = useWatch({ control, name: 'text' });
  const id = `reply-${review.id}`;

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, { onError: (err) => applyFieldErrors(err, setError, ['text']), onSuccess: onDone }),
  );
  // A refusal the field cannot show (the review was hidden meanwhile) is the server's sentence.
  const refused = save.isError && !(isApiError(save.error) && save.error.body?.fields?.text);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <FormField
        id={id}
        label="Your public reply"
        error={errors.text?.message}
        hint={`${text.length} of ${REPLY_TEXT_MAX} characters. Everyone who opens your profile can read it.`}
      >
        {(c) => <Textarea {...c} {...register('text')} rows={3} maxLength={REPLY_TEXT_MAX} autoFocus />}
      </FormField>
      {refused ? (
        <Alert tone="error">{serverMessage(save.error) ?? 'The reply could not be saved. Please try again.'}</Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Post reply'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Under a review: the mentor's public reply (decision 035), and for the reviewed mentor the way
 * to write, edit or remove it. A hidden review takes no reply.
 */
export function ReviewReply({ mentorId, review, own }: { mentorId: string; review: TReview; own: boolean }) {
  const [editing, setEditing] = useState(false);
  const { remove } = useReviewReply(mentorId, review.id);
  const reply = review.reply;

  if (editing) return <ReplyForm mentorId={mentorId} review={review} onDone={() => setEditing(false)} />;
  return (
    <>
      {reply ? (
        <div
          className="ml-3 space-y-1 border-l-2 border-indigo-200 pl-3 dark:border-indigo-800"
          data-testid="review-reply"
        >
          <p className="text-xs font-semibold text-zinc-700 dark:text-zinc-300">
            Reply from the mentor · {dateLabel(reply.repliedAt)}
            {reply.editedAt ? ' (edited)' : ''}
          </p>
          <p className="text-sm break-words whitespace-pre-line">{reply.text}</p>
        </div>
      ) : null}
      {own && !review.hidden ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => setEditing(true)}
            aria-label={`${reply ? 'Edit your reply' : 'Reply'} to ${review.author.fullName}'s review`}
          >
            {reply ? 'Edit reply' : 'Reply'}
          </Button>
          {reply ? (
            <Button
              size="sm"
              variant="ghost-destructive"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
              aria-label={`Remove your reply to ${review.author.fullName}'s review`}
            >
              Remove reply
            </Button>
          ) : null}
        </div>
      ) : null}
      {remove.isError ? (
        <Alert tone="error">{serverMessage(remove.error) ?? 'The reply could not be removed. Please try again.'}</Alert>
      ) : null}
    </>
  );
}
