import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { formatAmount } from '#shared/money';
import { ZMilestoneResolveInput, type TMilestone } from '#shared/talent/escrow.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FieldError, FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Textarea } from '#client/components/ui/textarea';
import { ApiError, serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useResolveMilestone } from '../api/resolve-milestone';

/** Naira as an admin types it ("12,500" or "12500.50") in kobo; NaN when it is not an amount. */
const kobo = (typed: string) => {
  const clean = typed.replace(/[₦,\s]/g, '');
  return /^\d{1,8}(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : Number.NaN;
};

const formSchema = (amountMinor: number) =>
  z
    .object({
      outcome: ZMilestoneResolveInput.shape.outcome,
      talentShare: z.string(),
      reason: ZMilestoneResolveInput.shape.reason,
    })
    .superRefine((v, ctx) => {
      const share = kobo(v.talentShare);
      if (v.outcome === 'split' && !(share > 0 && share < amountMinor))
        ctx.addIssue({
          code: 'custom',
          path: ['talentShare'],
          message: `Enter the talent’s share: more than ₦0 and less than ${formatAmount(amountMinor)}`,
        });
    });
type TResolveForm = z.input<ReturnType<typeof formSchema>>;

interface Props {
  milestone: Pick<TMilestone, 'id' | 'title' | 'amountMinor'>;
  posterName: string;
  talentName: string;
}

const choice = 'flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200';

/**
 * An admin's decision on a disputed milestone: all of it to the talent, all of it back to the
 * poster, or a split by amount; the reason is required, and both sides read it.
 */
export function MilestoneResolution({ milestone, posterName, talentName }: Props) {
  const resolve = useResolveMilestone();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TResolveForm>({
    resolver: zodResolver(formSchema(milestone.amountMinor)),
    defaultValues: { outcome: 'release', talentShare: '', reason: '' },
  });
  const outcome = useWatch({ control, name: 'outcome' });
  const share = kobo(useWatch({ control, name: 'talentShare' }));
  const id = `resolve-${milestone.id}`;

  const onSubmit = handleSubmit((v) =>
    resolve.mutate(
      {
        milestoneId: milestone.id,
        body: ZMilestoneResolveInput.parse({
          outcome: v.outcome,
          reason: v.reason,
          ...(v.outcome === 'split' ? { talentMinor: kobo(v.talentShare) } : {}),
        }),
      },
      {
        onSuccess: () => toast({ title: 'Dispute resolved', description: 'Both sides are told, with your reason.' }),
        onError: (err) => {
          applyFieldErrors(err, setError, ['reason', 'outcome']);
          // The server names the share in kobo; the field holds naira.
          const share = err instanceof ApiError ? err.body?.fields?.talentMinor : undefined;
          if (share) setError('talentShare', { type: 'server', message: share });
        },
      },
    ),
  );

  // A refusal no field holds (already decided, not disputed any more) is the server's sentence.
  const error = resolve.error;
  const refusal =
    !error || error.name === 'ConfirmationCancelled' || (error instanceof ApiError && error.body?.fields)
      ? undefined
      : (serverMessage(error) ?? 'The decision could not be saved. Please try again.');

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Resolve “${milestone.title}”`}
      className="space-y-3 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <p className="font-medium">
        “{milestone.title}”, {formatAmount(milestone.amountMinor)} held
      </p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Decision</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className={choice}>
            <input type="radio" value="release" {...register('outcome')} />
            Release all to {talentName}
          </label>
          <label className={choice}>
            <input type="radio" value="refund" {...register('outcome')} />
            Refund all to {posterName}
          </label>
          <label className={choice}>
            <input type="radio" value="split" {...register('outcome')} />
            Split between them
          </label>
        </div>
        {errors.outcome?.message ? <FieldError id={`${id}-outcome-error`}>{errors.outcome.message}</FieldError> : null}
      </fieldset>
      {outcome === 'split' ? (
        <FormField
          id={`${id}-share`}
          label={`${talentName}’s share (₦)`}
          hint={
            share > 0 && share < milestone.amountMinor
              ? `${posterName} gets ${formatAmount(milestone.amountMinor - share)} back.`
              : `Out of ${formatAmount(milestone.amountMinor)}; the rest goes back to ${posterName}.`
          }
          error={errors.talentShare?.message}
        >
          {(c) => <Input {...c} {...register('talentShare')} inputMode="decimal" autoComplete="off" />}
        </FormField>
      ) : null}
      <FormField id={`${id}-reason`} label="Reason (both sides read it)" error={errors.reason?.message}>
        {(c) => <Textarea {...c} {...register('reason')} rows={3} maxLength={2_000} />}
      </FormField>
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <Button type="submit" size="sm" loading={resolve.isPending} loadingText="Saving…">
        Resolve dispute
      </Button>
    </form>
  );
}
