import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SESSION_LENGTHS, ZPlanInput, type TPlan, type TPlanInput } from '#shared/mentorship/mentorship.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Checkbox, Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { ApiError } from '#client/lib/api-client';
import { koboToNaira, nairaToKobo } from '../format';

const blankToNull = (text: string) => (text === '' ? null : text);

/**
 * The shared plan schema with the fields as the form holds them, all text: the price in naira
 * (kobo on the way out), the numbers as typed, the features one per line.
 */
const ZPlanForm = ZPlanInput.omit({ priceMinor: true, currency: true }).extend({
  price: z.string().transform((text, ctx) => {
    const kobo = nairaToKobo(text);
    if (kobo === null) ctx.addIssue({ code: 'custom', message: 'Enter the price in naira, e.g. 20000' });
    return kobo ?? 0;
  }),
  sessionMinutes: z.preprocess((text: string) => Number(text), ZPlanInput.shape.sessionMinutes),
  responseHours: z.preprocess(blankToNull, ZPlanInput.shape.responseHours),
  menteeLimit: z.preprocess(blankToNull, ZPlanInput.shape.menteeLimit),
  features: z.preprocess(
    (text: string) =>
      text
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean),
    ZPlanInput.shape.features,
  ),
});
type PlanDraft = z.input<typeof ZPlanForm>;
const FIELDS = [
  'name',
  'description',
  'price',
  'sessionsPerMonth',
  'sessionMinutes',
  'responseHours',
  'features',
  'trial',
  'menteeLimit',
  'active',
] as const;

/** A feature's own message (too long) sits at its index under `features`; the field shows the first. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  return Array.isArray(error) ? error.map(firstMessage).find(Boolean) : undefined;
}

const draftOf = (plan?: TPlan): PlanDraft => ({
  name: plan?.name ?? '',
  description: plan?.description ?? '',
  price: plan ? koboToNaira(plan.priceMinor) : '',
  sessionsPerMonth: String(plan?.sessionsPerMonth ?? 2),
  sessionMinutes: String(plan?.sessionMinutes ?? 45),
  responseHours: plan?.responseHours ? String(plan.responseHours) : '',
  features: plan?.features.join('\n') ?? '',
  trial: (plan?.trialDays ?? 0) > 0,
  menteeLimit: plan?.menteeLimit ? String(plan.menteeLimit) : '',
  active: plan?.active ?? true,
});

/**
 * Create or edit a plan; the shared schema checks it before it is sent, the server again after.
 * `onSubmit` hands back a function that puts the server's field messages under the fields and
 * answers whether it placed any.
 */
export function PlanForm({
  plan,
  busy,
  onSubmit,
  onCancel,
}: {
  plan?: TPlan;
  busy: boolean;
  onSubmit: (input: TPlanInput, placeFieldErrors: (err: Error) => boolean) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PlanDraft, unknown, z.output<typeof ZPlanForm>>({
    resolver: zodResolver(ZPlanForm),
    defaultValues: draftOf(plan),
  });
  const prefix = plan ? `plan-${plan.id}` : 'plan-new';

  const placeFieldErrors = (err: Error) => {
    const fields = err instanceof ApiError ? err.body?.fields : undefined;
    let placed = false;
    for (const name of FIELDS) {
      const message = fields?.[name === 'price' ? 'priceMinor' : name];
      if (message) {
        setError(name, { type: 'server', message });
        placed = true;
      }
    }
    return placed;
  };

  const submit = handleSubmit(({ price, ...rest }) =>
    onSubmit({ ...rest, priceMinor: price, currency: 'NGN' }, placeFieldErrors),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={plan ? `Edit ${plan.name}` : 'New plan'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${prefix}-name`} label="Plan name" error={errors.name?.message}>
          {(c) => <Input {...c} {...register('name')} />}
        </FormField>
        <FormField
          id={`${prefix}-price`}
          label="Monthly price (₦)"
          error={errors.price?.message}
          hint="0 for a free plan. A change applies to new subscribers only."
        >
          {(c) => <Input {...c} {...register('price')} inputMode="decimal" />}
        </FormField>
        <FormField id={`${prefix}-sessions`} label="Sessions per month" error={errors.sessionsPerMonth?.message}>
          {(c) => <Input {...c} {...register('sessionsPerMonth')} type="number" min={1} max={30} />}
        </FormField>
        <FormField id={`${prefix}-minutes`} label="Session length" error={errors.sessionMinutes?.message}>
          {(c) => (
            <Select {...c} {...register('sessionMinutes')}>
              {SESSION_LENGTHS.map((m) => (
                <option key={m} value={m}>
                  {m} minutes
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id={`${prefix}-response`}
          label="Chat reply within (hours, optional)"
          error={errors.responseHours?.message}
        >
          {(c) => <Input {...c} {...register('responseHours')} type="number" min={1} max={168} />}
        </FormField>
        <FormField id={`${prefix}-limit`} label="Mentee limit (optional)" error={errors.menteeLimit?.message}>
          {(c) => <Input {...c} {...register('menteeLimit')} type="number" min={1} max={500} />}
        </FormField>
      </div>
      <FormField id={`${prefix}-description`} label="Description" error={errors.description?.message}>
        {(c) => <Textarea {...c} {...register('description')} rows={2} />}
      </FormField>
      <FormField id={`${prefix}-features`} label="Features (one per line)" error={firstMessage(errors.features)}>
        {(c) => <Textarea {...c} {...register('features')} rows={3} />}
      </FormField>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm">
          <Checkbox {...register('trial')} />
          7-day free trial
        </label>
        <label className="flex items-center gap-2 text-sm">
          <Checkbox {...register('active')} />
          Active (open to new subscribers)
        </label>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy} loadingText="Saving…">
          {plan ? 'Save plan' : 'Create plan'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
