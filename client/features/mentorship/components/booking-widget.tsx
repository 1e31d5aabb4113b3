import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TSlot } from '#shared/mentorship/sessions.schemas';
import { localDate } from '#shared/mentorship/zoned-time';
import { Button } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { useBookSession, useRescheduleSession } from '../api/sessions-api';
import { attendanceQueryOptions, slotsQueryOptions, viewerTimeZone } from '../api/slots-api';
import { dateFormat } from '#shared/format';

const DAY = 86_400_000;
const dayLabel = (iso: string, tz: string) =>
  dateFormat({ timeZone: tz, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));
export const timeLabel = (iso: string, tz: string) =>
  dateFormat({ timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

export interface BookingWidgetProps {
  mentorId: string;
  /** Books on this subscription; without it the widget only shows the free slots. */
  subscriptionId?: string;
  minutes?: number;
  /** Moves this session instead of booking a new one. */
  rescheduleId?: string;
  onDone?: () => void;
}

/**
 * The next free slots of a mentor in the viewer's time zone (decision 032): pick one, confirm.
 * For /mentorship/mentor/{id}, the mentee dashboard, and a session's "Reschedule".
 */
export function BookingWidget({ mentorId, subscriptionId, minutes, rescheduleId, onDone }: BookingWidgetProps) {
  const tz = viewerTimeZone();
  const [weekOffset, setWeekOffset] = useState(0);
  const [picked, setPicked] = useState<TSlot | null>(null);
  const [today] = useState(() => Date.now());
  const range = useMemo(() => {
    const start = new Date(today + weekOffset * 7 * DAY);
    return { from: localDate(start, tz), to: localDate(new Date(start.getTime() + 6 * DAY), tz), tz, minutes };
  }, [today, weekOffset, tz, minutes]);
  const slots = useQuery(slotsQueryOptions(mentorId, range));
  const attendance = useQuery(attendanceQueryOptions(mentorId));
  const book = useBookSession();
  const move = useRescheduleSession();
  const pending = book.isPending || move.isPending;

  const byDay = useMemo(() => {
    const groups = new Map<string, TSlot[]>();
    for (const s of slots.data?.slots ?? []) {
      const key = localDate(new Date(s.start), tz);
      groups.set(key, [...(groups.get(key) ?? []), s]);
    }
    return [...groups.values()];
  }, [slots.data, tz]);

  function confirm() {
    if (!picked) return;
    const done = { onSuccess: () => (setPicked(null), onDone?.()) };
    if (rescheduleId) move.mutate({ id: rescheduleId, start: picked.start }, done);
    else if (subscriptionId) book.mutate({ subscriptionId, start: picked.start }, done);
  }

  return (
    <section aria-label={rescheduleId ? 'Pick a new time' : 'Book a session'} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Times in {tz}.
          {attendance.data?.rate != null
            ? ` Attendance: ${Math.round(attendance.data.rate * 100)}% of ${attendance.data.checked} sessions.`
            : null}
        </p>
        <div className="flex gap-1">
          <Button variant="outline" size="sm" disabled={weekOffset === 0} onClick={() => setWeekOffset((w) => w - 1)}>
            Earlier
          </Button>
          <Button variant="outline" size="sm" disabled={weekOffset >= 8} onClick={() => setWeekOffset((w) => w + 1)}>
            Later
          </Button>
        </div>
      </div>
      {slots.isPending ? (
        <PageSpinner label="Finding free times…" />
      ) : byDay.length === 0 ? (
        <p className="text-sm">No free times this week.</p>
      ) : (
        <div className="space-y-3">
          {byDay.map((day) => (
            <div key={day[0]!.start}>
              <h4 className="mb-1 text-sm font-medium">{dayLabel(day[0]!.start, tz)}</h4>
              <ul className="flex flex-wrap gap-2" role="list">
                {day.map((s) => {
                  const on = picked?.start === s.start;
                  return (
                    <li key={s.start}>
                      <button
                        type="button"
                        aria-pressed={on}
                        onClick={() => setPicked(on ? null : s)}
                        className={cn(
                          'rounded-lg border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600',
                          on
                            ? 'border-indigo-600 bg-indigo-600 text-white'
                            : 'border-zinc-300 bg-white text-zinc-900 hover:border-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
                        )}
                      >
                        {timeLabel(s.start, tz)}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      )}
      {subscriptionId || rescheduleId ? (
        <div className="flex flex-wrap items-center gap-2" aria-live="polite">
          {picked ? (
            <span className="text-sm">
              {dayLabel(picked.start, tz)}, {timeLabel(picked.start, tz)}–{timeLabel(picked.end, tz)}
            </span>
          ) : null}
          <Button onClick={confirm} disabled={!picked} loading={pending}>
            {rescheduleId ? 'Move session' : 'Confirm booking'}
          </Button>
        </div>
      ) : (
        <p className="text-sm">Subscribe to a plan to book one of these times.</p>
      )}
    </section>
  );
}
