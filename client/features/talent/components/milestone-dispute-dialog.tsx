import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { formatAmount } from '#shared/money';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { useReturnFocus } from '#client/components/ui/use-return-focus';
import { ApiError, NetworkError, serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { ZMilestoneDisputeInput, type TMilestone, type TMilestoneDisputeInput } from '#shared/talent/escrow.schemas';
import { useDisputeMilestone } from '../api/milestone-mutations';

interface Props {
  gigId: string;
  /** The milestone being disputed; null when the dialog is closed. */
  milestone: TMilestone | null;
  onClose: () => void;
}

/** "Dispute this milestone": the reason an admin and the other side will read. */
export function MilestoneDisputeDialog({ gigId, milestone, onClose }: Props) {
  const open = milestone !== null;
  const dispute = useDisputeMilestone(gigId);
  const returnFocus = useReturnFocus(open);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TMilestoneDisputeInput>({ resolver: zodResolver(ZMilestoneDisputeInput), defaultValues: { reason: '' } });

  const close = () => {
    reset();
    dispute.reset();
    onClose();
  };
  const onSubmit = handleSubmit((values) => {
    if (!milestone) return;
    dispute.mutate(
      { milestoneId: milestone.id, body: ZMilestoneDisputeInput.parse(values) },
      {
        onSuccess: () => {
          toast({ title: 'Sent to the team', description: 'An admin will look at it and tell you both.' });
          close();
        },
        onError: (err) => applyFieldErrors(err, setError, ['reason']),
      },
    );
  });

  // A refusal the reason cannot fix (already released, no longer yours) is the server's sentence.
  const error = dispute.error;
  const refusal =
    !error || (error instanceof ApiError && error.body?.fields?.reason)
      ? undefined
      : error instanceof NetworkError
        ? 'Could not reach the server. Please check your connection and try again.'
        : (serverMessage(error) ?? 'The dispute could not be sent. Please try again.');

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Dialog.Title className="text-lg font-semibold tracking-tight">Dispute this milestone?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {milestone ? `“${milestone.title}”, ${formatAmount(milestone.amountMinor)}. ` : null}
            The money stays in escrow while an admin looks at the work and your messages, then releases it, refunds it
            or splits it. You both read their reason.
          </Dialog.Description>
          <form noValidate onSubmit={onSubmit} aria-label="Dispute a milestone" className="mt-4 space-y-4">
            <FormField
              id="milestone-dispute-reason"
              label="What went wrong?"
              hint="The admin and the other side read this."
              error={errors.reason?.message}
            >
              {(c) => <Textarea {...c} {...register('reason')} rows={5} maxLength={2_000} autoFocus />}
            </FormField>
            {refusal ? <Alert tone="error">{refusal}</Alert> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" variant="destructive" loading={dispute.isPending} loadingText="Sending…">
                Open dispute
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
