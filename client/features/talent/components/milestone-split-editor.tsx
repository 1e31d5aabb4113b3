import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import { formatAmount } from '#shared/money';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FieldError, FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { ApiError, serverMessage } from '#client/lib/api-client';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { MILESTONES_MAX, ZMilestonePlanInput, type TMilestone } from '#shared/talent/escrow.schemas';
import { useSaveMilestones } from '../api/milestone-mutations';
import { toMinor } from '../format';

/** The rows as typed: naira (not kobo) and an empty due date for none; sent through ZMilestonePlanInput. */
const ZSplitForm = z.object({
  milestones: z
    .array(
      z.object({
        title: ZMilestonePlanInput.shape.milestones.element.shape.title,
        amount: z
          .string()
          .trim()
          .refine((a) => toMinor(a) > 0, 'Enter an amount in naira, e.g. 25000'),
        dueDate: z.string(),
      }),
    )
    .min(1)
    .max(MILESTONES_MAX),
});
type TSplitForm = z.infer<typeof ZSplitForm>;
type Row = TSplitForm['milestones'][number];

const emptyRow: Row = { title: '', amount: '', dueDate: '' };
const asRow = (m: TMilestone): Row => ({
  title: m.title,
  amount: String(m.amountMinor / 100),
  dueDate: m.dueDate ?? '',
});
/** The server names the amount in kobo; the form's field holds naira. */
const formField = (key: string) => key.replace(/\.amountMinor$/, '.amount') as Path<TSplitForm>;

interface Props {
  gigId: string;
  /** What the milestones must add up to: the accepted bid. */
  totalMinor: number;
  milestones: TMilestone[];
  onDone: () => void;
}

/**
 * Splitting the accepted bid into up to 10 milestones (title, amount, due date) before any is
 * funded. The remaining amount updates as the poster types; the server's per-field messages land
 * under their inputs.
 */
export function MilestoneSplitEditor({ gigId, totalMinor, milestones, onDone }: Props) {
  const save = useSaveMilestones(gigId);
  const live = milestones.filter((m) => m.status !== 'cancelled');
  const { control, register, handleSubmit, setError, setFocus, formState } = useForm<TSplitForm>({
    resolver: zodResolver(ZSplitForm),
    defaultValues: { milestones: live.length ? live.map(asRow) : [emptyRow] },
  });
  const { errors } = formState;
  const rows = useFieldArray({ control, name: 'milestones' });
  const typed = useWatch({ control, name: 'milestones' });
  const allocated = typed.reduce((sum, r) => sum + (toMinor(r.amount) > 0 ? toMinor(r.amount) : 0), 0);
  const remaining = totalMinor - allocated;
  // The sum's message (the client's or the server's) and any refusal no field can show.
  const [sumError, setSumError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();

  const onSubmit = handleSubmit((values) => {
    setRefusal(undefined);
    if (remaining !== 0) {
      setSumError(`The milestones must add up to ${formatAmount(totalMinor)}, the accepted bid.`);
      return;
    }
    setSumError(undefined);
    const body = ZMilestonePlanInput.parse({
      milestones: values.milestones.map((r) => ({
        title: r.title,
        amountMinor: toMinor(r.amount),
        dueDate: r.dueDate || null,
      })),
    });
    save.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Milestones saved' });
        onDone();
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? err.body?.fields : undefined;
        let placed = false;
        for (const [key, message] of Object.entries(fields ?? {})) {
          if (/^milestones\.\d+\./.test(key)) {
            setError(formField(key), { type: 'server', message });
            placed = true;
          } else if (key === 'milestones') {
            setSumError(message);
            placed = true;
          }
        }
        if (!placed) setRefusal(serverMessage(err) ?? 'The milestones could not be saved. Please try again.');
      },
    });
  });

  // Opened from a button that is now gone: typing starts at the first title.
  useEffect(() => setFocus('milestones.0.title'), [setFocus]);

  const remove = (i: number) => {
    rows.remove(i);
    setSumError(undefined);
    // The removed row's button took focus with it: the row before it (or the new first) gets it.
    setTimeout(() => setFocus(`milestones.${Math.max(0, i - 1)}.title`));
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Split into milestones" className="space-y-4">
      <ol className="space-y-3">
        {rows.fields.map((row, i) => {
          const e = errors.milestones?.[i];
          const id = `milestone-${i}`;
          return (
            <li key={row.id}>
              <fieldset className="relative rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
                <legend className="px-1 text-sm font-medium text-zinc-900 dark:text-white">Milestone {i + 1}</legend>
                <Button
                  variant="ghost-destructive"
                  size="icon"
                  className="absolute top-1 right-1"
                  aria-label={`Remove milestone ${i + 1}`}
                  disabled={rows.fields.length === 1}
                  onClick={() => remove(i)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
                <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_10.5rem] sm:pr-10">
                  {/* Room for the remove button beside the title on a phone, beside the row on a wider screen. */}
                  <div className="pr-10 sm:pr-0">
                    <FormField id={`${id}-title`} label="Title" error={e?.title?.message}>
                      {(c) => <Input {...c} {...register(`milestones.${i}.title`)} maxLength={120} />}
                    </FormField>
                  </div>
                  <FormField id={`${id}-amount`} label="Amount (₦)" error={e?.amount?.message}>
                    {(c) => (
                      <Input {...c} {...register(`milestones.${i}.amount`)} inputMode="decimal" autoComplete="off" />
                    )}
                  </FormField>
                  <FormField id={`${id}-due`} label="Due date (optional)" error={e?.dueDate?.message}>
                    {(c) => <Input {...c} {...register(`milestones.${i}.dueDate`)} type="date" />}
                  </FormField>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={rows.fields.length >= MILESTONES_MAX}
          onClick={() => rows.append({ ...emptyRow, amount: remaining > 0 ? String(remaining / 100) : '' })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a milestone
        </Button>
        <p
          aria-live="polite"
          data-testid="milestones-remaining"
          className={cn(
            'text-sm font-medium tabular-nums',
            remaining === 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-zinc-700 dark:text-zinc-300',
          )}
        >
          {remaining === 0
            ? `All of ${formatAmount(totalMinor)} is allocated`
            : remaining > 0
              ? `${formatAmount(remaining)} left to allocate`
              : `${formatAmount(-remaining)} more than the bid of ${formatAmount(totalMinor)}`}
        </p>
      </div>
      {rows.fields.length >= MILESTONES_MAX ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">At most {MILESTONES_MAX} milestones.</p>
      ) : null}
      {sumError ? (
        <div role="alert">
          <FieldError id="milestones-sum-error">{sumError}</FieldError>
        </div>
      ) : null}
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending} loadingText="Saving…">
          Save milestones
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
