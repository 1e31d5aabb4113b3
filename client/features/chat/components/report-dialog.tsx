import { useId, useState } from 'react';
import type { TReportKind } from '#shared/reports/reports.schemas';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Textarea } from '#client/components/ui/textarea';
import { toast } from '#client/lib/toast';
import { useReport } from '../api/chat-mutations';

/** Reports a message or a member to the admins, with a reason. */
export function ReportDialog({
  target,
  onClose,
}: {
  target: { kind: TReportKind; id: string; label: string } | null;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const report = useReport();
  const id = useId();
  const send = () => {
    if (!target || reason.trim().length < 3) return;
    report.mutate(
      { kind: target.kind, targetId: target.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Report sent. Our team will look at it.' });
          setReason('');
          onClose();
        },
        onError: (err) => toast({ title: err.message || 'Could not send the report.', variant: 'destructive' }),
      },
    );
  };
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
      onConfirm={send}
    >
      <label htmlFor={id} className="mt-4 block text-sm font-medium">
        Reason
      </label>
      <Textarea id={id} className="mt-1" value={reason} maxLength={1_000} onChange={(e) => setReason(e.target.value)} />
    </ConfirmDialog>
  );
}
