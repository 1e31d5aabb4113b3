import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CircleX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZReviewDecision } from '#shared/courses/courses.schemas';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useReviewCourse } from '../api/review-course';
import { failureToast } from '#client/lib/failure-toast';

/** The reject branch of the shared decision schema: the reason the tutor will read. */
const ZRejectForm = ZReviewDecision.options[1].pick({ reason: true });
type RejectDraft = z.input<typeof ZRejectForm>;

/** Approve (publish) or reject with a reason; only for admins, only while the course is in review. */
export function ReviewDecisionPanel({ courseId }: { courseId: string }) {
  const review = useReviewCourse(courseId);
  const [rejecting, setRejecting] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RejectDraft>({ resolver: zodResolver(ZRejectForm), defaultValues: { reason: '' } });

  const onReject = handleSubmit(({ reason }) =>
    review.mutate(
      { decision: 'reject', reason },
      {
        onError: (err) => {
          if (!applyFieldErrors(err, setError, ['reason'])) toast(failureToast('Could not record the decision', err));
        },
      },
    ),
  );

  return (
    <Card className="space-y-4 p-5">
      <div>
        <h2 className="text-base font-semibold">Your decision</h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Approving publishes the course in the catalogue. Rejecting sends it back to the tutor with your reason.
        </p>
      </div>
      <Button
        variant="success"
        className="w-full"
        loading={review.isPending && review.variables?.decision === 'approve'}
        loadingText="Approving…"
        disabled={review.isPending}
        onClick={() =>
          review.mutate(
            { decision: 'approve' },
            { onError: (err) => toast(failureToast('Could not approve the course', err)) },
          )
        }
      >
        <CircleCheck aria-hidden="true" className="size-4" />
        Approve and publish
      </Button>
      {rejecting ? (
        <form noValidate onSubmit={onReject} aria-label="Reject the course" className="space-y-3">
          <FormField id="reject-reason" label="What should the tutor change?" error={errors.reason?.message}>
            {(c) => <Textarea {...c} {...register('reason')} rows={5} maxLength={2000} autoFocus />}
          </FormField>
          <div className="flex gap-2">
            <Button
              type="submit"
              variant="destructive"
              className="flex-1"
              loading={review.isPending && review.variables?.decision === 'reject'}
              loadingText="Sending…"
              disabled={review.isPending}
            >
              Reject
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" className="w-full" onClick={() => setRejecting(true)} disabled={review.isPending}>
          <CircleX aria-hidden="true" className="size-4" />
          Reject…
        </Button>
      )}
    </Card>
  );
}
