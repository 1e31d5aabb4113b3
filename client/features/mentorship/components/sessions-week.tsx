import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { localDate } from '#shared/mentorship/zoned-time';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader } from '#client/components/ui/card';
import { sessionsQueryOptions } from '../api/sessions-api';
import { viewerTimeZone } from '../api/slots-api';
import { timeLabel } from './booking-widget';
import { dateFormat } from '#shared/format';

const DAY = 86_400_000;
const dateKey = (ms: number, tz: string) => localDate(new Date(ms), tz);
const dayHeading = (ms: number, tz: string) =>
  dateFormat({ timeZone: tz, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(ms));

/** The mentor's week at a glance (decision 032): seven days from today, sessions in the viewer's zone. */
export function SessionsWeek() {
  const tz = viewerTimeZone();
  const { data } = useQuery(sessionsQueryOptions('mentor'));
  const [today] = useState(() => Date.now());
  const [week, setWeek] = useState(0);
  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => today + (week * 7 + i) * DAY), [today, week]);
  const byDay = useMemo(() => {
    const map = new Map<string, NonNullable<typeof data>>();
    for (const s of data ?? []) {
      const key = dateKey(Date.parse(s.start), tz);
      map.set(key, [...(map.get(key) ?? []), s]);
    }
    return map;
  }, [data, tz]);

  return (
    <Card aria-labelledby="week-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 id="week-title" className="text-lg font-semibold">
          Week view
        </h2>
        <div className="flex gap-1">
          <Button variant="outline" size="sm" disabled={week === 0} onClick={() => setWeek((w) => w - 1)}>
            Previous week
          </Button>
          <Button variant="outline" size="sm" onClick={() => setWeek((w) => w + 1)}>
            Next week
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <ol className="grid grid-cols-1 gap-2 sm:grid-cols-7" aria-label="Sessions by day">
          {days.map((ms) => {
            const sessions = byDay.get(dateKey(ms, tz)) ?? [];
            return (
              <li key={ms} className="min-h-20 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
                <h3 className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{dayHeading(ms, tz)}</h3>
                {sessions.length === 0 ? (
                  <p className="sr-only">No sessions</p>
                ) : (
                  <ul className="mt-1 space-y-1">
                    {sessions.map((s) => (
                      <li
                        key={s.id}
                        className="rounded bg-indigo-50 px-1.5 py-1 text-xs text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
                      >
                        {timeLabel(s.start, tz)} {s.mentee.fullName}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
