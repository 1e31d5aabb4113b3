import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card';
import { PageSpinner } from '#client/components/ui/spinner';
import { allowancesQueryOptions } from '../api/sessions-api';
import { BookingWidget } from './booking-widget';
import { dateFormat } from '#shared/format';

const dateLabel = (iso: string) => dateFormat({ day: 'numeric', month: 'long' }).format(new Date(iso));

/**
 * The mentee's "Book a session": per live subscription, sessions left this period and the mentor's
 * free times. On a mentor's profile (`mentorId`), only the viewer's subscription to that mentor.
 */
export function BookingSection({ mentorId }: { mentorId?: string }) {
  const { data } = useQuery(allowancesQueryOptions());
  if (!data) return <PageSpinner label="Loading your subscriptions…" />;
  const shown = mentorId ? data.filter((a) => a.mentor.id === mentorId) : data;
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((a) => (
        <Card key={a.subscriptionId} aria-labelledby={`book-${a.subscriptionId}`}>
          <CardHeader>
            <h2 id={`book-${a.subscriptionId}`} className="text-lg font-semibold">
              Book a session with {a.mentor.fullName}
            </h2>
            <CardDescription>
              {a.left} of {a.sessionsPerMonth} sessions left until {dateLabel(a.periodEnd)} · {a.sessionMinutes} minutes
              each
            </CardDescription>
          </CardHeader>
          <CardContent>
            {a.left > 0 ? (
              <BookingWidget mentorId={a.mentor.id} subscriptionId={a.subscriptionId} minutes={a.sessionMinutes} />
            ) : (
              <p className="text-sm">You have used this period’s sessions. New ones come with the next period.</p>
            )}
          </CardContent>
        </Card>
      ))}
    </>
  );
}
