import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  EMPLOYER_STATUSES,
  STAGE_LABELS,
  ZApplicationPatch,
  type TEmployerApplication,
} from '#shared/jobs/jobs.schemas';
import { Button } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useMoveApplication } from '../api/job-mutations';

/** The stage menu starts empty ("Stage…"), so the form holds a string the schema then checks. */
const ZMoveForm = ZApplicationPatch.extend({
  status: z.string().pipe(ZApplicationPatch.shape.status),
  note: ZApplicationPatch.shape.note.unwrap(),
});

/** An applicant card's "Move to" menu and private note: the keyboard's way to move them. */
export function MoveApplicantForm({ jobId, application: a }: { jobId: string; application: TEmployerApplication }) {
  const move = useMoveApplication(jobId);
  const { control, register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZMoveForm),
    defaultValues: { status: '', note: '' },
  });
  const { errors } = formState;
  const target = useWatch({ control, name: 'status' });
  const moveId = `move-${a.id}`;
  const onSubmit = handleSubmit((v) =>
    move.mutate(
      { applicationId: a.id, status: v.status, note: v.note || undefined },
      { onError: (err) => applyFieldErrors(err, setError, ['status', 'note']) },
    ),
  );
  const error = errors.status?.message ?? errors.note?.message;
  const errorId = `${moveId}-error`;
  return (
    <form className="space-y-1.5" onSubmit={onSubmit}>
      <label htmlFor={moveId} className="text-xs font-medium">
        Move {a.applicant.fullName} to
      </label>
      <div className="flex flex-wrap gap-1.5">
        <Select
          id={moveId}
          {...register('status')}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={errors.status ? errorId : undefined}
          className="h-8 min-w-0 flex-1 basis-28 text-xs"
        >
          <option value="">Stage…</option>
          {EMPLOYER_STATUSES.filter((s) => s !== a.status).map((s) => (
            <option key={s} value={s}>
              {STAGE_LABELS[s]}
            </option>
          ))}
        </Select>
        <Button type="submit" size="sm" disabled={!target} loading={move.isPending}>
          Move
        </Button>
      </div>
      <label htmlFor={`note-${a.id}`} className="sr-only">
        Private note
      </label>
      <Input
        id={`note-${a.id}`}
        {...register('note')}
        aria-invalid={errors.note ? true : undefined}
        aria-describedby={errors.note ? errorId : undefined}
        placeholder="Private note"
        className="h-8 text-xs"
        maxLength={2000}
      />
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </form>
  );
}
