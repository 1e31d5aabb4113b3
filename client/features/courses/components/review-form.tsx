import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { ZCourseReviewInput, type TCourseReview, type TCourseReviewInput } from '#shared/courses/lessons.schemas';
import { Button } from '#client/components/ui/button';
import { FieldError, FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useSaveReview } from '../api/save-review';
import { StarRatingInput } from './star-rating-input';
import { failureToast } from '#client/lib/failure-toast';

/**
 * The learner's own review: written once, edited any time after (PUT replaces it). The parent
 * keys it by the saved review, so a fresh answer from the server refills the fields.
 */
export function ReviewForm({ courseId, mine }: { courseId: string; mine: TCourseReview | null }) {
  const save = useSaveReview(courseId);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<TCourseReviewInput>({
    resolver: zodResolver(ZCourseReviewInput),
    defaultValues: { rating: mine?.rating, text: mine?.text ?? '' },
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onError: (err) => {
        if (!applyFieldErrors(err, setError, ['rating', 'text']))
          toast(failureToast('Could not save your review', err));
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={mine ? 'Edit your review' : 'Rate this course'}
      className="space-y-4"
    >
      <h3 className="text-base font-semibold">{mine ? 'Your review' : 'Rate this course'}</h3>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            name="rating"
            legend="Your rating"
            value={field.value}
            onChange={field.onChange}
            errorId={errors.rating ? 'review-rating-error' : undefined}
          />
        )}
      />
      {errors.rating?.message ? <FieldError id="review-rating-error">{errors.rating.message}</FieldError> : null}
      <FormField id="review-text" label="Your review (optional)" error={errors.text?.message}>
        {(c) => (
          <Textarea
            {...c}
            {...register('text')}
            rows={4}
            maxLength={2000}
            placeholder="What did you like? What could be better?"
          />
        )}
      </FormField>
      <Button type="submit" loading={save.isPending} loadingText="Saving…" disabled={Boolean(mine) && !isDirty}>
        {mine ? 'Update review' : 'Post review'}
      </Button>
    </form>
  );
}
