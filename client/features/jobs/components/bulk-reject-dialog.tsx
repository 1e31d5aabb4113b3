import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZBulkReject } from '#shared/jobs/jobs.schemas';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useRejectMany } from '../api/job-mutations';

const ZBulkRejectForm = z.object({ message: ZBulkReject.shape.message.unwrap() });

interface BulkRejectDialogProps {
  jobId: string;
  applicationIds: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRejected: () => void;
}

/** Reject the chosen applicants at once, with one optional message each of them reads. */
export function BulkRejectDialog({ jobId, applicationIds, open, onOpenChange, onRejected }: BulkRejectDialogProps) {
  const rejectMany = useRejectMany(jobId);
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(ZBulkRejectForm),
    defaultValues: { message: '' },
  });
  const onConfirm = handleSubmit((v) =>
    rejectMany.mutate(
      { applicationIds, message: v.message || undefined },
      {
        onSuccess: () => {
          onOpenChange(false);
          onRejected();
          reset();
        },
        onError: (err) => applyFieldErrors(err, setError, ['message']),
      },
    ),
  );
  const count = applicationIds.length;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Reject ${count} applicant${count === 1 ? '' : 's'}?`}
      description="Each is told kindly that you went ahead with others. Add a message they will all read, if you like."
      confirmText="Reject"
      confirmVariant="destructive"
      loading={rejectMany.isPending}
      onConfirm={onConfirm}
    >
      <div className="mt-3">
        <FormField id="bulk-reject-message" label="Message (optional)" error={formState.errors.message?.message}>
          {(c) => <Textarea {...c} {...register('message')} rows={3} maxLength={1000} />}
        </FormField>
      </div>
    </ConfirmDialog>
  );
}
