import { PageHeader } from '../../components/page-header';
// Until decision 031's public entry (index.ts) re-exports sessions-entry; the integrator switches this import.
// eslint-disable-next-line boundaries/features
import { AvailabilityEditor, SessionsList, SessionsWeek } from '../../features/mentorship/sessions-entry';

/**
 * /mentor/dashboard, the sessions part (decision 032): upcoming sessions and the schedule. The
 * integrator merges it with decision 031's page (plans, subscribers, earnings).
 */
export function MentorDashboardPage() {
  return (
    <>
      <PageHeader title="Mentor dashboard" description="Your plans, mentees, sessions and earnings." />
      <div className="space-y-6">
        <SessionsWeek />
        <SessionsList role="mentor" />
        <AvailabilityEditor />
      </div>
    </>
  );
}
