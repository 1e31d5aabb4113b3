import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  ZAvailabilityInput,
  ZOverrideInput,
  ZWeeklyRule,
  type TAvailability,
} from '#shared/mentorship/sessions.schemas';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Checkbox, Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Select } from '#client/components/ui/select';
import { PageSpinner } from '#client/components/ui/spinner';
import {
  availabilityQueryOptions,
  useAddOverride,
  useRemoveOverride,
  useSaveAvailability,
} from '../api/availability-api';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return [DEFAULT_TIME_ZONE];
  }
})();

/** A row of the week as the form holds it; a day that is on must be a valid weekly rule (the shared messages). */
const ZDayRow = z.object({ on: z.boolean(), start: z.string(), end: z.string() }).superRefine((day, ctx) => {
  if (!day.on) return;
  const rule = ZWeeklyRule.safeParse({ weekday: 0, start: day.start, end: day.end });
  for (const issue of rule.error?.issues ?? [])
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});
/** The week as seven rows, Sunday first; only the days that are on become the schedule's rules. */
const ZWeeklyForm = ZAvailabilityInput.extend({ weekly: z.array(ZDayRow).length(7) });
type WeeklyDraft = z.infer<typeof ZWeeklyForm>;
type DayRow = z.infer<typeof ZDayRow>;

/** The override form's fields are all there whatever the kind; the shared schema keeps those the kind takes. */
const ZOverrideForm = z
  .object({ kind: z.enum(['off', 'extra']), date: z.string(), start: z.string(), end: z.string() })
  .transform(({ kind, date, start, end }) => (kind === 'off' ? { kind, date } : { kind, date, start, end }))
  .pipe(ZOverrideInput);

function toDays(weekly: TAvailability['weekly']): DayRow[] {
  return DAYS.map((_, weekday) => {
    const rule = weekly.find((r) => r.weekday === weekday);
    return rule ? { on: true, start: rule.start, end: rule.end } : { on: false, start: '09:00', end: '17:00' };
  });
}

/** The mentor's schedule for /mentor/dashboard (decision 032): weekly hours, buffer, notice, horizon, zone, and date overrides. */
export function AvailabilityEditor() {
  const { data } = useQuery(availabilityQueryOptions());
  if (!data) return <PageSpinner label="Loading your schedule…" />;
  return (
    <Card aria-labelledby="availability-title">
      <CardHeader>
        <h2 id="availability-title" className="text-lg font-semibold">
          Availability
        </h2>
        <CardDescription>
          When mentees may book you, in your own time zone. Booked sessions are never double-booked.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <WeeklyForm key={JSON.stringify(data)} data={data} />
        <Overrides data={data} />
      </CardContent>
    </Card>
  );
}

/** The booking rules under the week, each a whole number within the bounds the server checks. */
const BOOKING_RULES: {
  name: 'bufferMinutes' | 'minNoticeHours' | 'horizonDays';
  id: string;
  label: string;
  min?: number;
  max: number;
}[] = [
  { name: 'bufferMinutes', id: 'availability-buffer', label: 'Buffer between sessions (minutes)', max: 240 },
  { name: 'minNoticeHours', id: 'availability-notice', label: 'Minimum notice (hours)', max: 720 },
  { name: 'horizonDays', id: 'availability-horizon', label: 'Booking horizon (days)', min: 1, max: 365 },
];

function WeeklyForm({ data }: { data: TAvailability }) {
  const save = useSaveAvailability();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<WeeklyDraft>({
    resolver: zodResolver(ZWeeklyForm),
    // Checked as the mentor types, as the week's rows always were: Save stays off while a day is wrong.
    mode: 'onChange',
    defaultValues: {
      timeZone: data.timeZone,
      weekly: toDays(data.weekly),
      bufferMinutes: data.bufferMinutes,
      minNoticeHours: data.minNoticeHours,
      horizonDays: data.horizonDays,
    },
  });
  const days = useWatch({ control, name: 'weekly' });
  const dayErrors = DAYS.map((_, i) => errors.weekly?.[i]?.end?.message ?? errors.weekly?.[i]?.start?.message);
  const dayError = dayErrors.find(Boolean);
  const asNumber = { setValueAs: Number };

  const onSubmit = handleSubmit(({ weekly, ...rest }) =>
    save.mutate({
      ...rest,
      weekly: weekly.flatMap((d, weekday) => (d.on ? [{ weekday, start: d.start, end: d.end }] : [])),
    }),
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Weekly schedule">
      <div className="space-y-1.5">
        <Label htmlFor="availability-tz">Time zone</Label>
        <Select id="availability-tz" {...register('timeZone')}>
          {(ZONES.includes(data.timeZone) ? ZONES : [data.timeZone, ...ZONES]).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </Select>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Weekly hours</legend>
        {days.map((d, i) => (
          <div key={DAYS[i]} className="flex flex-wrap items-center gap-2">
            <label className="flex w-32 items-center gap-2 text-sm">
              <Checkbox {...register(`weekly.${i}.on`, { deps: [`weekly.${i}.end`] })} />
              {DAYS[i]}
            </label>
            <div className="w-32">
              <Input
                type="time"
                aria-label={`${DAYS[i]} start`}
                {...register(`weekly.${i}.start`, { deps: [`weekly.${i}.end`] })}
                disabled={!d.on}
              />
            </div>
            <span aria-hidden="true">–</span>
            <div className="w-32">
              <Input
                type="time"
                aria-label={`${DAYS[i]} end`}
                {...register(`weekly.${i}.end`)}
                disabled={!d.on}
                aria-invalid={dayErrors[i] ? true : undefined}
              />
            </div>
          </div>
        ))}
        {dayError ? <p className="text-sm text-red-700 dark:text-red-400">{dayError}</p> : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        {BOOKING_RULES.map(({ name, id, label, min, max }) => (
          <NumberField
            key={name}
            id={id}
            label={label}
            min={min}
            max={max}
            error={errors[name]?.message}
            field={register(name, asNumber)}
          />
        ))}
      </div>
      <Button type="submit" loading={save.isPending} disabled={Boolean(dayError)}>
        Save schedule
      </Button>
    </form>
  );
}

function NumberField({
  id,
  label,
  error,
  min = 0,
  max,
  field,
}: {
  id: string;
  label: string;
  error?: string;
  min?: number;
  max: number;
  field: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(c) => <Input {...c} {...field} type="number" inputMode="numeric" min={min} max={max} />}
    </FormField>
  );
}

function Overrides({ data }: { data: TAvailability }) {
  const add = useAddOverride();
  const remove = useRemoveOverride();
  const {
    register,
    handleSubmit,
    control,
    resetField,
    formState: { errors },
  } = useForm<z.input<typeof ZOverrideForm>, unknown, z.output<typeof ZOverrideForm>>({
    resolver: zodResolver(ZOverrideForm),
    defaultValues: { date: '', kind: 'off', start: '18:00', end: '20:00' },
  });
  const kind = useWatch({ control, name: 'kind' });

  const onSubmit = handleSubmit((input) => add.mutate(input, { onSuccess: () => resetField('date') }));

  return (
    <section aria-labelledby="overrides-title" className="space-y-3">
      <h3 id="overrides-title" className="text-base font-semibold">
        Date overrides
      </h3>
      {data.overrides.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No days off or extra hours yet.</p>
      ) : (
        <ul className="space-y-1">
          {data.overrides.map((o) => (
            <li key={o.id} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {o.date}: {o.kind === 'off' ? 'day off' : `extra hours ${o.start}–${o.end}`}
              </span>
              <Button
                variant="ghost-destructive"
                size="sm"
                onClick={() => remove.mutate(o.id)}
                aria-label={`Remove ${o.date}`}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" aria-label="Add a date override">
        <FormField id="override-date" label="Date" error={errors.date?.message}>
          {(c) => <Input {...c} {...register('date')} type="date" required />}
        </FormField>
        <div className="space-y-1.5">
          <Label htmlFor="override-kind">Kind</Label>
          <Select id="override-kind" {...register('kind')}>
            <option value="off">Day off</option>
            <option value="extra">Extra hours</option>
          </Select>
        </div>
        {kind === 'extra' ? (
          <>
            <FormField id="override-start" label="From" error={errors.start?.message}>
              {(c) => <Input {...c} {...register('start')} type="time" />}
            </FormField>
            <FormField id="override-end" label="To" error={errors.end?.message}>
              {(c) => <Input {...c} {...register('end')} type="time" />}
            </FormField>
          </>
        ) : null}
        <Button type="submit" variant="outline" loading={add.isPending}>
          Add date
        </Button>
      </form>
    </section>
  );
}
