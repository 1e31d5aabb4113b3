import { useState, type FormEvent } from 'react';
import { SESSION_LENGTHS, ZPlanInput, type TPlan, type TPlanInput } from '../../../../shared/mentorship/mentorship.schemas';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Checkbox, Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { fieldErrors } from '../form-errors';
import { koboToNaira, nairaToKobo } from '../format';

interface Draft {
  name: string;
  description: string;
  price: string;
  sessionsPerMonth: string;
  sessionMinutes: string;
  responseHours: string;
  features: string;
  trial: boolean;
  menteeLimit: string;
  active: boolean;
}

const draftOf = (plan?: TPlan): Draft => ({
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

/** Create or edit a plan; the shared schema checks it before it is sent, the server again after. */
export function PlanForm({ plan, busy, serverErrors, onSubmit, onCancel }: {
  plan?: TPlan;
  busy: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: TPlanInput) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown: Record<string, string | undefined> = { ...serverErrors, ...errors, ...(serverErrors.priceMinor ? { price: serverErrors.priceMinor } : {}) };
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const prefix = plan ? `plan-${plan.id}` : 'plan-new';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const priceMinor = nairaToKobo(draft.price);
    if (priceMinor === null) return setErrors({ price: 'Enter the price in naira, e.g. 20000' });
    const parsed = ZPlanInput.safeParse({
      name: draft.name,
      description: draft.description,
      priceMinor,
      currency: 'NGN',
      sessionsPerMonth: Number(draft.sessionsPerMonth),
      sessionMinutes: Number(draft.sessionMinutes),
      responseHours: draft.responseHours ? Number(draft.responseHours) : null,
      features: draft.features.split('\n').map((f) => f.trim()).filter(Boolean),
      trial: draft.trial,
      menteeLimit: draft.menteeLimit ? Number(draft.menteeLimit) : null,
      active: draft.active,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={plan ? `Edit ${plan.name}` : 'New plan'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${prefix}-name`} label="Plan name" error={shown.name}>
          {(c) => <Input {...c} name="name" value={draft.name} onChange={set('name')} />}
        </FormField>
        <FormField id={`${prefix}-price`} label="Monthly price (₦)" error={shown.price} hint="0 for a free plan. A change applies to new subscribers only.">
          {(c) => <Input {...c} name="price" inputMode="decimal" value={draft.price} onChange={set('price')} />}
        </FormField>
        <FormField id={`${prefix}-sessions`} label="Sessions per month" error={shown.sessionsPerMonth}>
          {(c) => <Input {...c} name="sessionsPerMonth" type="number" min={1} max={30} value={draft.sessionsPerMonth} onChange={set('sessionsPerMonth')} />}
        </FormField>
        <FormField id={`${prefix}-minutes`} label="Session length" error={shown.sessionMinutes}>
          {(c) => (
            <Select {...c} name="sessionMinutes" value={draft.sessionMinutes} onChange={set('sessionMinutes')}>
              {SESSION_LENGTHS.map((m) => (
                <option key={m} value={m}>
                  {m} minutes
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id={`${prefix}-response`} label="Chat reply within (hours, optional)" error={shown.responseHours}>
          {(c) => <Input {...c} name="responseHours" type="number" min={1} max={168} value={draft.responseHours} onChange={set('responseHours')} />}
        </FormField>
        <FormField id={`${prefix}-limit`} label="Mentee limit (optional)" error={shown.menteeLimit}>
          {(c) => <Input {...c} name="menteeLimit" type="number" min={1} max={500} value={draft.menteeLimit} onChange={set('menteeLimit')} />}
        </FormField>
      </div>
      <FormField id={`${prefix}-description`} label="Description" error={shown.description}>
        {(c) => <Textarea {...c} name="description" rows={2} value={draft.description} onChange={set('description')} />}
      </FormField>
      <FormField id={`${prefix}-features`} label="Features (one per line)" error={shown.features}>
        {(c) => <Textarea {...c} name="features" rows={3} value={draft.features} onChange={set('features')} />}
      </FormField>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm">
          <Checkbox name="trial" checked={draft.trial} onChange={(e) => setDraft((d) => ({ ...d, trial: e.target.checked }))} />
          7-day free trial
        </label>
        <label className="flex items-center gap-2 text-sm">
          <Checkbox name="active" checked={draft.active} onChange={(e) => setDraft((d) => ({ ...d, active: e.target.checked }))} />
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
