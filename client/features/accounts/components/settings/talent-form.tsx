import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AVAILABILITIES, AVAILABILITY_LABELS, ZTalentInput, type TTalentProfile } from '#shared/accounts/roles.schemas';
import { CURRENCIES } from '#shared/money';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { failureToast } from '#client/lib/failure-toast';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useSaveRoleDetails } from '#client/features/accounts/api/save-role-details';

/** The rate as people type it, in naira or dollars (`hourlyRate`, like the course form's `price`); minor units on the way out. */
const ZTalentForm = z
  .object({
    hourlyRate: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter the rate as a number, e.g. 15000'),
    currency: z.enum(CURRENCIES),
    availability: z.enum(AVAILABILITIES),
    availableFrom: z.string(),
  })
  .refine((v) => v.availability !== 'available_from' || v.availableFrom, {
    path: ['availableFrom'],
    message: 'Enter the date you are available from',
  });
type TTalentForm = z.infer<typeof ZTalentForm>;

const toMinor = (rate: string) => Math.round(Number(rate) * 100);
const toMajor = (minor: number) => (minor / 100).toString();

/** "Offer my skills": what clients see of a talent's rate and availability. */
export function TalentForm({ saved }: { saved: TTalentProfile | null }) {
  const save = useSaveRoleDetails('talent');
  const { register, handleSubmit, setError, control, formState } = useForm<TTalentForm>({
    resolver: zodResolver(ZTalentForm),
    defaultValues: {
      hourlyRate: saved ? toMajor(saved.hourlyRateMinor) : '',
      currency: saved?.currency ?? 'NGN',
      availability: saved?.availability ?? 'available_now',
      availableFrom: saved?.availableFrom ?? '',
    },
  });
  const { errors } = formState;
  const availability = useWatch({ control, name: 'availability' });

  const onSubmit = handleSubmit(({ hourlyRate, currency, availability, availableFrom }) =>
    save.mutate(
      ZTalentInput.parse({
        hourlyRateMinor: toMinor(hourlyRate),
        currency,
        availability,
        availableFrom: availableFrom || null,
      }),
      {
        onError: (err) => {
          const placed = applyFieldErrors(err, setError, ['currency', 'availability', 'availableFrom']);
          if (!placed) toast(failureToast('Could not save your rate', err));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Talent details" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <FormField id="talent-rate" label="Hourly rate" error={errors.hourlyRate?.message}>
          {(c) => <Input {...c} {...register('hourlyRate')} inputMode="decimal" autoComplete="off" />}
        </FormField>
        <FormField id="talent-currency" label="Currency" error={errors.currency?.message}>
          {(c) => (
            <Select {...c} {...register('currency')}>
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField id="talent-availability" label="Availability" error={errors.availability?.message}>
        {(c) => (
          <Select {...c} {...register('availability')}>
            {AVAILABILITIES.map((value) => (
              <option key={value} value={value}>
                {AVAILABILITY_LABELS[value]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {availability === 'available_from' ? (
        <FormField id="talent-from" label="Available from" error={errors.availableFrom?.message}>
          {(c) => <Input {...c} {...register('availableFrom')} type="date" />}
        </FormField>
      ) : null}
      <Button type="submit" loading={save.isPending}>
        Save rate and availability
      </Button>
    </form>
  );
}
