import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  REFUND_REASON_MAX,
  REFUND_REASON_MIN,
  ZRefundRequestInput,
  type TPurchase,
} from '#shared/payments/payments.schemas';
import { formatMoney } from '#shared/money';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { useReturnFocus } from '#client/components/ui/use-return-focus';
import { ApiError, NetworkError, serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useRequestRefund } from '../api/request-refund';

type RefundDraft = z.input<typeof ZRefundRequestInput>;

interface RefundDialogProps {
  purchase: TPurchase;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The request was sent; called just before the dialog closes. */
  onRequested?: () => void;
}

/**
 * Asks for a refund of one purchase, with the reason the admin will read. Callers keep it mounted
 * while `open` even once the purchase stops being refundable: the request's own refresh of the
 * purchases does that before the dialog closes.
 */
export function RefundDialog({ purchase, open, onOpenChange, onRequested }: RefundDialogProps) {
  const request = useRequestRefund(purchase.id);
  const returnFocus = useReturnFocus(open);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RefundDraft>({ resolver: zodResolver(ZRefundRequestInput), defaultValues: { reason: '' } });

  const close = (next: boolean) => {
    if (!next) {
      reset();
      request.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) =>
    request.mutate(ZRefundRequestInput.parse(values), {
      onSuccess: () => {
        onRequested?.();
        close(false);
      },
      onError: (err) => applyFieldErrors(err, setError, ['reason']),
    }),
  );

  // A refusal the form cannot fix (the window closed, already asked) is the server's sentence.
  const error = request.error;
  const underField = error instanceof ApiError && Boolean(error.body?.fields?.reason);
  const refusal =
    !error || underField
      ? undefined
      : error instanceof NetworkError
        ? 'Could not reach the server. Please check your connection and try again.'
        : (serverMessage(error) ?? 'Your request could not be sent. Please try again.');

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Dialog.Title className="text-lg font-semibold tracking-tight">Request a refund</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {purchase.item.title}, {formatMoney(purchase.amountMinor, purchase.currency)}. An admin reviews every
            request; if it is approved the money goes back to how you paid and your access to the course ends.
          </Dialog.Description>
          <form noValidate onSubmit={onSubmit} aria-label="Request a refund" className="mt-4 space-y-4">
            <FormField
              id={`refund-reason-${purchase.id}`}
              label="Why do you want a refund?"
              hint={`At least ${REFUND_REASON_MIN} characters.`}
              error={errors.reason?.message}
            >
              {(c) => <Textarea {...c} {...register('reason')} rows={5} maxLength={REFUND_REASON_MAX} autoFocus />}
            </FormField>
            {refusal ? <Alert tone="error">{refusal}</Alert> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" loading={request.isPending} loadingText="Sending…">
                Request refund
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
