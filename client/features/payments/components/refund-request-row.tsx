import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CircleX } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZRefundDecisionInput, type TAdminRefundRequest } from '#shared/payments/payments.schemas';
import { formatMoney } from '#shared/money';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { applyFieldErrors } from '#client/lib/form-errors';
import { formatDate } from '#client/lib/format-date';
import { toast } from '#client/lib/toast';
import { useDecideRefund } from '../api/decide-refund';
import { failureToast } from '#client/lib/failure-toast';

type DeclineDraft = z.input<typeof ZRefundDecisionInput>;

/** One refund request: who, what, when, why; and for a pending one, approve or decline. */
export function RefundRequestRow({ request, onDecided }: { request: TAdminRefundRequest; onDecided?: () => void }) {
  const { payment, learner } = request;
  const decide = useDecideRefund(request.id);
  const [confirming, setConfirming] = useState(false);
  const [declining, setDeclining] = useState(false);
  const declineButton = useRef<HTMLButtonElement>(null);
  const amount = formatMoney(payment.amountMinor, payment.currency);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeclineDraft>({
    resolver: zodResolver(ZRefundDecisionInput),
    defaultValues: { decision: 'decline', note: '' },
  });

  const onDecline = handleSubmit((values) =>
    decide.mutate(ZRefundDecisionInput.parse(values), {
      onSuccess: () => {
        onDecided?.();
        setDeclining(false);
      },
      onError: (err) => {
        if (!applyFieldErrors(err, setError, ['note'])) toast(failureToast('Could not decline the refund', err));
      },
    }),
  );

  // Cancel removes the form and the focus with it: the Decline button that opened it comes back.
  const cancelDecline = () => {
    flushSync(() => setDeclining(false));
    declineButton.current?.focus();
  };

  const approve = () =>
    decide.mutate(
      { decision: 'approve' },
      {
        onSuccess: () => {
          onDecided?.();
          setConfirming(false);
        },
        onError: (err) => {
          setConfirming(false);
          toast(failureToast('Could not approve the refund', err));
        },
      },
    );

  return (
    <div className="space-y-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="font-medium break-words">
            {learner.fullName} <span className="font-normal text-zinc-600 dark:text-zinc-400">@{learner.username}</span>
          </p>
          <p id={`refund-item-${request.id}`} className="text-sm break-words text-zinc-600 dark:text-zinc-400">
            {payment.item.title}
          </p>
        </div>
        <p className="text-lg font-semibold tabular-nums">{amount}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-zinc-600 dark:text-zinc-400">Paid</dt>
        <dd>{payment.paidAt ? formatDate(payment.paidAt) : 'Not paid'}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Requested</dt>
        <dd>{formatDate(request.requestedAt)}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Reason</dt>
        <dd className="break-words whitespace-pre-line">{request.reason}</dd>
        {request.status !== 'pending' ? (
          <>
            <dt className="text-zinc-600 dark:text-zinc-400">Decision</dt>
            <dd>
              {request.status === 'approved' ? 'Approved' : 'Declined'}
              {request.decidedAt ? ` on ${formatDate(request.decidedAt)}` : ''}
              {request.decisionNote ? `: ${request.decisionNote}` : ''}
            </dd>
          </>
        ) : null}
      </dl>

      {request.status === 'pending' && !declining ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="success"
            size="sm"
            disabled={decide.isPending}
            onClick={() => setConfirming(true)}
            aria-label={`Approve refund for ${learner.fullName}`}
            aria-describedby={`refund-item-${request.id}`}
          >
            <CircleCheck aria-hidden="true" className="size-4" />
            Approve
          </Button>
          <Button
            ref={declineButton}
            variant="outline"
            size="sm"
            disabled={decide.isPending}
            onClick={() => setDeclining(true)}
            aria-label={`Decline refund for ${learner.fullName}`}
            aria-describedby={`refund-item-${request.id}`}
          >
            <CircleX aria-hidden="true" className="size-4" />
            Decline
          </Button>
        </div>
      ) : null}

      {request.status === 'pending' && declining ? (
        <form
          noValidate
          onSubmit={onDecline}
          // Escape leaves the form like its Cancel button, as it leaves a dialog.
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !decide.isPending) cancelDecline();
          }}
          aria-label={`Decline refund for ${learner.fullName}`}
          className="space-y-3"
        >
          <FormField
            id={`decline-note-${request.id}`}
            label="Why is the refund declined?"
            hint="The learner reads this note."
            error={errors.note?.message}
          >
            {(c) => <Textarea {...c} {...register('note')} rows={3} maxLength={1000} autoFocus />}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" size="sm" loading={decide.isPending} loadingText="Declining…">
              Decline refund
            </Button>
            <Button variant="ghost" size="sm" onClick={cancelDecline} disabled={decide.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Approve this refund?"
        description={
          <p>
            {learner.fullName} gets {amount} back through the payment gateway, and their access to “{payment.item.title}
            ” ends. This cannot be undone.
          </p>
        }
        confirmText="Approve refund"
        confirmVariant="success"
        loading={decide.isPending}
        loadingText="Refunding…"
        onConfirm={approve}
      />
    </div>
  );
}
