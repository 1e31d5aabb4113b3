import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZReportInput, type TReportKind } from '#shared/reports/reports.schemas';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { toast } from '#client/lib/toast';
import { useReport } from '../api/chat-mutations';

/** The reason is the member's; the kind and target come from what they chose to report. */
const ZReasonForm = ZReportInput.pick({ reason: true });

/** Reports a message or a member to the admins, with a reason. */
export function ReportDialog({
  target,
  onClose,
}: {
  /** `conversationId`: a member reported from a conversation, whose recent messages go with the report. */
  target: { kind: TReportKind; id: string; label: string; conversationId?: string } | null;
  onClose(): void;
}) {
  const report = useReport();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof ZReasonForm>, unknown, z.output<typeof ZReasonForm>>({
    resolver: zodResolver(ZReasonForm),
    defaultValues: { reason: '' },
  });
  const send = handleSubmit(({ reason }) => {
    if (!target) return;
    report.mutate(
      {
        kind: target.kind,
        targetId: target.id,
        reason,
        ...(target.conversationId ? { conversationId: target.conversationId } : {}),
      },
      {
        onSuccess: () => {
          toast({ title: 'Report sent. Our team will look at it.' });
          reset();
          onClose();
        },
        onError: (err) => toast({ title: err.message || 'Could not send the report.', variant: 'destructive' }),
      },
    );
  });
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={target?.kind === 'member' ? 'Report this member' : 'Report this message'}
      description={
        target
          ? `What is wrong with ${target.label}? The admins will see the recent messages of this conversation.`
          : ''
      }
      confirmText="Send report"
      confirmVariant="destructive"
      loading={report.isPending}
      onConfirm={() => void send()}
    >
      <div className="mt-4">
        <FormField id={id} label="Reason" error={errors.reason?.message}>
          {(c) => <Textarea {...c} {...register('reason')} maxLength={1_000} />}
        </FormField>
      </div>
    </ConfirmDialog>
  );
}
