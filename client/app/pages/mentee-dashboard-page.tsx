import { PageHeader } from '../../components/page-header';
// Until decision 031's public entry (index.ts) re-exports sessions-entry; the integrator switches this import.
// eslint-disable-next-line boundaries/features
import { BookingSection, SessionsList } from '../../features/mentorship/sessions-entry';

/**
 * /mentorship/mentee, the sessions part (decision 032): upcoming sessions with Join, and booking
 * within each subscription's allowance. The integrator merges it with decision 031's page.
 */
export function MenteeDashboardPage() {
  return (
    <>
      <PageHeader title="Mentee dashboard" description="Your mentors, subscriptions and sessions." />
      <div className="space-y-6">
        <SessionsList role="mentee" />
        <BookingSection />
      </div>
    </>
  );
}
