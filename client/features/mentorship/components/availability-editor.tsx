import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TAvailability, TWeeklyRule } from '../../../../shared/mentorship/sessions.schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Checkbox, Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { availabilityQueryOptions, useAddOverride, useRemoveOverride, useSaveAvailability } from '../api/availability-api';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['Africa/Lagos'];
  }
})();

interface DayRow {
  on: boolean;
  start: string;
  end: string;
}

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
        <CardDescription>When mentees may book you, in your own time zone. Booked sessions are never double-booked.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <WeeklyForm key={JSON.stringify(data)} data={data} />
        <Overrides data={data} />
      </CardContent>
    </Card>
  );
}

function WeeklyForm({ data }: { data: TAvailability }) {
  const save = useSaveAvailability();
  const [timeZone, setTimeZone] = useState(data.timeZone);
  const [days, setDays] = useState(() => toDays(data.weekly));
  const [bufferMinutes, setBuffer] = useState(data.bufferMinutes);
  const [minNoticeHours, setNotice] = useState(data.minNoticeHours);
  const [horizonDays, setHorizon] = useState(data.horizonDays);
  const bad = days.some((d) => d.on && d.end <= d.start);

  const setDay = (i: number, patch: Partial<DayRow>) => setDays((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  function submit(e: FormEvent) {
    e.preventDefault();
    if (bad) return;
    const weekly: TWeeklyRule[] = days.flatMap((d, weekday) => (d.on ? [{ weekday, start: d.start, end: d.end }] : []));
    save.mutate({ timeZone, weekly, bufferMinutes, minNoticeHours, horizonDays });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Weekly schedule">
      <div className="space-y-1.5">
        <Label htmlFor="availability-tz">Time zone</Label>
        <Select id="availability-tz" name="timeZone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
          {(ZONES.includes(timeZone) ? ZONES : [timeZone, ...ZONES]).map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </Select>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Weekly hours</legend>
        {days.map((d, i) => (
          <div key={DAYS[i]} className="flex flex-wrap items-center gap-2">
            <label className="flex w-32 items-center gap-2 text-sm">
              <Checkbox checked={d.on} onChange={(e) => setDay(i, { on: e.target.checked })} name={`weekly.${i}.on`} />
              {DAYS[i]}
            </label>
            <div className="w-32">
            <Input
              type="time"
              aria-label={`${DAYS[i]} start`}
              name={`weekly.${i}.start`}
              value={d.start}
              disabled={!d.on}
              onChange={(e) => setDay(i, { start: e.target.value })}
            />
            </div>
            <span aria-hidden="true">–</span>
            <div className="w-32">
            <Input
              type="time"
              aria-label={`${DAYS[i]} end`}
              name={`weekly.${i}.end`}
              value={d.end}
              disabled={!d.on}
              aria-invalid={d.on && d.end <= d.start ? true : undefined}
              onChange={(e) => setDay(i, { end: e.target.value })}
            />
            </div>
          </div>
        ))}
        {bad ? <p className="text-sm text-red-700 dark:text-red-400">Each day's end must be after its start.</p> : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberField id="availability-buffer" name="bufferMinutes" label="Buffer between sessions (minutes)" value={bufferMinutes} max={240} onChange={setBuffer} />
        <NumberField id="availability-notice" name="minNoticeHours" label="Minimum notice (hours)" value={minNoticeHours} max={720} onChange={setNotice} />
        <NumberField id="availability-horizon" name="horizonDays" label="Booking horizon (days)" value={horizonDays} min={1} max={365} onChange={setHorizon} />
      </div>
      <Button type="submit" loading={save.isPending} disabled={bad}>
        Save schedule
      </Button>
    </form>
  );
}

function NumberField(p: { id: string; name: string; label: string; value: number; min?: number; max: number; onChange: (n: number) => void }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={p.id}>{p.label}</Label>
      <Input id={p.id} name={p.name} type="number" inputMode="numeric" min={p.min ?? 0} max={p.max} value={p.value} onChange={(e) => p.onChange(Number(e.target.value))} />
    </div>
  );
}

function Overrides({ data }: { data: TAvailability }) {
  const add = useAddOverride();
  const remove = useRemoveOverride();
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<'off' | 'extra'>('off');
  const [start, setStart] = useState('18:00');
  const [end, setEnd] = useState('20:00');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!date) return;
    add.mutate(kind === 'off' ? { kind, date } : { kind, date, start, end }, { onSuccess: () => setDate('') });
  }

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
              <Button variant="ghost-destructive" size="sm" onClick={() => remove.mutate(o.id)} aria-label={`Remove ${o.date}`}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Add a date override">
        <div className="space-y-1.5">
          <Label htmlFor="override-date">Date</Label>
          <Input id="override-date" name="date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="override-kind">Kind</Label>
          <Select id="override-kind" name="kind" value={kind} onChange={(e) => setKind(e.target.value as 'off' | 'extra')}>
            <option value="off">Day off</option>
            <option value="extra">Extra hours</option>
          </Select>
        </div>
        {kind === 'extra' ? (
          <>
            <div className="space-y-1.5">
              <Label htmlFor="override-start">From</Label>
              <Input id="override-start" name="start" type="time" value={start} onChange={(e) => setStart(e.target.value)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="override-end">To</Label>
              <Input id="override-end" name="end" type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
            </div>
          </>
        ) : null}
        <Button type="submit" variant="outline" loading={add.isPending}>
          Add date
        </Button>
      </form>
    </section>
  );
}
