import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZReviewInput } from '#shared/talent/talent.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Select } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { failureToast } from '#client/lib/failure-toast';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useReviewGig } from '../api/gig-mutations';

/** One review per side after completion: 1 to 5 stars and a few words. */
export function ReviewForm({ gigId, otherName }: { gigId: string; otherName: string }) {
  const review = useReviewGig(gigId);
  const { register, handleSubmit, setError, formState } = useForm<
    z.input<typeof ZReviewInput>,
    unknown,
    z.output<typeof ZReviewInput>
  >({
    resolver: zodResolver(ZReviewInput),
    defaultValues: { rating: 5, text: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((v) =>
    review.mutate(v, {
      onSuccess: () => toast({ title: 'Thank you for your review' }),
      onError: (err) => {
        if (!applyFieldErrors(err, setError, ['rating', 'text']))
          toast(failureToast('Could not save your review', err));
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Review" className="space-y-4">
      <FormField id="review-rating" label={`Your rating of ${otherName}`} error={errors.rating?.message}>
        {(c) => (
          <Select {...c} {...register('rating', { valueAsNumber: true })}>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'star' : 'stars'}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        id="review-text"
        label="Your review"
        hint="Shown when you have both reviewed, or 14 days after completion."
        error={errors.text?.message}
      >
        {(c) => <Textarea {...c} {...register('text')} rows={3} maxLength={2000} />}
      </FormField>
      <Button type="submit" loading={review.isPending}>
        Submit review
      </Button>
    </form>
  );
}
