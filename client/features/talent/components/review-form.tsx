import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { failureToast } from '../../../lib/failure-toast';
import { toast } from '../../../lib/toast';
import { useReviewGig } from '../api/gig-mutations';

/** One review per side after completion: 1 to 5 stars and a few words. */
export function ReviewForm({ gigId, otherName }: { gigId: string; otherName: string }) {
  const review = useReviewGig(gigId);
  const [rating, setRating] = useState('5');
  const [text, setText] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    review.mutate(
      { rating: Number(rating), text },
      { onSuccess: () => toast({ title: 'Thank you for your review' }), onError: (err) => toast(failureToast('Could not save your review', err)) },
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-label="Review" className="space-y-4">
      <FormField id="review-rating" label={`Your rating of ${otherName}`}>
        {(c) => (
          <Select {...c} name="rating" value={rating} onChange={(e) => setRating(e.target.value)}>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'star' : 'stars'}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id="review-text" label="Your review" hint="Shown when you have both reviewed, or 14 days after completion.">
        {(c) => <Textarea {...c} name="text" value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={2000} />}
      </FormField>
      <Button type="submit" loading={review.isPending}>
        Submit review
      </Button>
    </form>
  );
}
