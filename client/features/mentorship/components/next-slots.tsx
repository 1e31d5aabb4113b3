import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { localDate } from '#shared/mentorship/zoned-time';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card';
import { PageSpinner } from '#client/components/ui/spinner';
import { slotsQueryOptions, viewerTimeZone } from '../api/slots-api';
import { dayTimeLabel } from '../format';

const DAY = 86_400_000;
/** How many free times the panel lists, and how far ahead it looks for them. */
const SHOWN = 5;
const LOOK_AHEAD_DAYS = 14;

/**
 * "Next free times" on a mentor's profile for anyone who cannot book here yet (visitors, members
 * without a subscription to this mentor, the mentor themselves), in the viewer's time zone.
 */
export function NextSlots({ mentorId, own }: { mentorId: string; own: boolean }) {
  const tz = viewerTimeZone();
  const [today] = useState(() => Date.now());
  const range = useMemo(
    () => ({
      from: localDate(new Date(today), tz),
      to: localDate(new Date(today + (LOOK_AHEAD_DAYS - 1) * DAY), tz),
      tz,
    }),
    [today, tz],
  );
  const slots = useQuery(slotsQueryOptions(mentorId, range));
  const next = slots.data?.slots.slice(0, SHOWN) ?? [];

  return (
    <Card aria-labelledby="next-slots-heading">
      <CardHeader>
        <h2 id="next-slots-heading" className="text-lg font-semibold">
          Next free times
        </h2>
        <CardDescription>Shown in your time zone ({tz.replace(/_/g, ' ')}).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {slots.isPending ? <PageSpinner label="Loading free times…" /> : null}
        {slots.isError ? <p className="text-sm">Free times could not be loaded.</p> : null}
        {slots.data && next.length === 0 ? <p className="text-sm">No free times in the next two weeks.</p> : null}
        {next.length > 0 ? (
          <ul className="space-y-1.5 text-sm">
            {next.map((s) => (
              <li key={s.start} className="rounded-md bg-zinc-100 px-3 py-1.5 tabular-nums dark:bg-zinc-800">
                <time dateTime={s.start}>{dayTimeLabel(s.start, tz)}</time>
              </li>
            ))}
          </ul>
        ) : null}
        {own ? null : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Subscribe to a plan to book one of these times.</p>
        )}
      </CardContent>
    </Card>
  );
}
