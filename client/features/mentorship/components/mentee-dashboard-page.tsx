import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '#client/components/page-header';
import { Alert } from '#client/components/ui/alert';
import { buttonClasses } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { useVerifyReturn } from '#client/features/payments';
import { menteeSubscriptionsKey } from '../api/query-keys';
import { useMenteeSubscriptions } from '../api/subscriptions';
import { BookingSection } from './booking-section';
import { SessionsList } from './sessions-list';
import { SubscriptionsList } from './subscriptions-list';

const LIVE = ['trialing', 'active', 'past_due', 'paused'];

/**
 * /mentorship/mentee and /mentorship/mentee-dashboard: my mentors and subscriptions with their
 * renewal dates. The renewal mail links here with ?renew={id}, which highlights that one.
 */
export function MenteeDashboardPage() {
  const [params] = useSearchParams();
  const renewId = params.get('renew');
  const verified = useVerifyReturn(params.get('session_id'), params.get('gateway'), menteeSubscriptionsKey);
  const { data, isPending } = useMenteeSubscriptions();
  if (isPending) return <PageSpinner label="Loading your subscriptions…" />;
  const all = data ?? [];
  const live = all.filter((s) => LIVE.includes(s.status));
  const past = all.filter((s) => !LIVE.includes(s.status));
  const mentors = [...new Map(live.map((s) => [s.mentor.id, s.mentor])).values()];
  return (
    <>
      <PageHeader
        title="Mentee dashboard"
        description="Your mentors, subscriptions and sessions."
        actions={
          <Link to="/mentorship/mentor" className={buttonClasses('outline')}>
            Find a mentor
          </Link>
        }
      />
      {verified.isError ? (
        <Alert tone="error">
          We could not confirm your payment yet. If you paid, it will show here within a few minutes.
        </Alert>
      ) : null}
      <div className="space-y-8">
        <section aria-labelledby="my-mentors" className="space-y-3">
          <h2 id="my-mentors" className="text-lg font-semibold">
            My mentors
          </h2>
          {mentors.length === 0 ? (
            <Alert tone="info">You have no mentor yet. Find one and subscribe to a plan.</Alert>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {mentors.map((m) => (
                <li key={m.id}>
                  <Link to={`/mentorship/mentor/${m.id}`} className={buttonClasses('outline', 'sm')}>
                    {m.fullName}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <SessionsList role="mentee" />
        <BookingSection />
        <section aria-labelledby="my-subscriptions" className="space-y-3">
          <h2 id="my-subscriptions" className="text-lg font-semibold">
            Subscriptions
          </h2>
          <SubscriptionsList
            subscriptions={live}
            side="mentee"
            highlightId={renewId}
            empty="No active subscriptions."
          />
        </section>
        {past.length > 0 ? (
          <section aria-labelledby="past-subscriptions" className="space-y-3">
            <h2 id="past-subscriptions" className="text-lg font-semibold">
              Past subscriptions
            </h2>
            <SubscriptionsList subscriptions={past} side="mentee" empty="" />
          </section>
        ) : null}
      </div>
    </>
  );
}
