import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MAX_CHANGE_REQUESTS } from '#shared/talent/gig-machine';
import { ZDeliverInput, ZRequestChangesInput, type TGigDetail } from '#shared/talent/talent.schemas';
import { ZUpload } from '#shared/uploads/uploads.schemas';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { ApiError } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import type { GigAction } from '../api/gig-mutations';
import { GigFilesField } from './gig-files';

/** Delivering needs a note; asking for changes or disputing takes an optional one (the same limit for both). */
const ZDeliverForm = z.object({ note: ZDeliverInput.shape.note, files: z.array(ZUpload) });
const ZNoteForm = ZDeliverForm.extend({ note: ZRequestChangesInput.shape.note.unwrap() });
type TStepForm = z.input<typeof ZDeliverForm>;

export interface RunOptions {
  note?: string;
  fileUploadIds?: string[];
  done: string;
  onError?: (err: Error) => void;
}

interface NextStepProps {
  gig: TGigDetail;
  busy: boolean;
  run: (action: GigAction, opts: RunOptions) => void;
  /** Money is held in escrow: the escrow panel releases it (accepting the delivery) and disputes it. */
  moneyHeld?: boolean;
}

type Action = TGigDetail['actions'][number];
/** What the next step offers: held money is released and disputed from the escrow panel instead. */
const offers = (gig: TGigDetail, moneyHeld: boolean) => (a: Action) =>
  gig.actions.includes(a) && !(moneyHeld && (a === 'accept_delivery' || a === 'dispute'));

/** Whether the viewer has a next step to take here at all. */
export function hasNextStep(gig: TGigDetail, moneyHeld: boolean): boolean {
  const can = offers(gig, moneyHeld);
  const changes = can('request_changes') && gig.changeRequests < MAX_CHANGE_REQUESTS;
  return can('deliver') || changes || can('dispute') || can('accept_delivery') || can('cancel');
}

/**
 * The gig's next step for the viewer: deliver (a note and files), accept the delivery, ask for
 * changes, dispute, or cancel. The page keys it by the gig's status, so each step starts empty
 * and its schema (which depends on the step) stays the one the form was made with.
 */
export function GigNextStep({ gig, busy, run, moneyHeld = false }: NextStepProps) {
  const can = offers(gig, moneyHeld);
  const { control, register, handleSubmit, setError, formState } = useForm<TStepForm>({
    resolver: zodResolver(can('deliver') ? ZDeliverForm : ZNoteForm),
    defaultValues: { note: '', files: [] },
  });
  const { errors } = formState;
  const onError = (err: Error) => {
    const files = err instanceof ApiError ? err.body?.fields?.fileUploadIds : undefined;
    if (files) setError('files', { type: 'server', message: files });
    if (!applyFieldErrors(err, setError, ['note']) && !files) toast(failureToast('That did not work', err));
  };
  const withNote = (action: GigAction, done: string) =>
    handleSubmit((v) =>
      run(action, {
        note: v.note,
        ...(action === 'deliver' ? { fileUploadIds: v.files.map((f) => f.id) } : {}),
        done,
        onError,
      }),
    );

  return (
    <Card className="space-y-4 p-5">
      <h2 className="font-semibold text-zinc-900 dark:text-white">Next step</h2>
      {can('deliver') || can('request_changes') || can('dispute') ? (
        <FormField
          id="gig-note"
          label={can('deliver') ? 'What you delivered' : 'A note (optional)'}
          error={errors.note?.message}
        >
          {(c) => <Textarea {...c} {...register('note')} rows={3} />}
        </FormField>
      ) : null}
      {can('deliver') ? (
        <Controller
          control={control}
          name="files"
          render={({ field }) => (
            <GigFilesField
              id="gig-delivery-files"
              label="Delivered files"
              files={field.value}
              onChange={field.onChange}
              error={errors.files?.message}
              private
            />
          )}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {can('deliver') ? (
          <Button loading={busy} onClick={withNote('deliver', 'Marked as delivered')}>
            Mark delivered
          </Button>
        ) : null}
        {can('accept_delivery') ? (
          <Button variant="success" loading={busy} onClick={() => run('accept-delivery', { done: 'Gig completed' })}>
            Accept delivery
          </Button>
        ) : null}
        {can('request_changes') && gig.changeRequests < MAX_CHANGE_REQUESTS ? (
          <Button variant="outline" loading={busy} onClick={withNote('request-changes', 'Changes requested')}>
            Request changes ({MAX_CHANGE_REQUESTS - gig.changeRequests} left)
          </Button>
        ) : null}
        {can('dispute') ? (
          <Button variant="ghost-destructive" loading={busy} onClick={withNote('dispute', 'Sent to the team')}>
            Open a dispute
          </Button>
        ) : null}
        {can('cancel') ? (
          <Button variant="ghost-destructive" loading={busy} onClick={() => run('cancel', { done: 'Gig cancelled' })}>
            Cancel gig
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
