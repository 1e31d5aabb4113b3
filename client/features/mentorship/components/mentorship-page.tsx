import { GraduationCap, Search } from 'lucide-react';
import { Link } from 'react-router';
import { holdsRole } from '#shared/roles';
import { PageHeader } from '#client/components/page-header';
import { buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useUser } from '#client/features/accounts';
import { formatDate } from '#client/lib/format-date';
import { useMyApplications } from '../api/applications';

/** /mentorship: the two ways in, "Find a mentor" and "Become a mentor". */
export function MentorshipPage() {
  const { data: user } = useUser();
  const mentor = holdsRole(user, 'mentor');
  // After applying, the card shows where the application stands (issue 26), not the invitation again.
  const latest = useMyApplications(Boolean(user) && !mentor).data?.[0];
  const pending = !mentor && latest?.status === 'pending';
  return (
    <>
      <PageHeader title="Mentorship" description="Grow with someone who has done it, or help others grow." />
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="flex flex-col gap-3 p-6">
          <Search aria-hidden="true" className="size-8 text-indigo-600 dark:text-indigo-300" />
          <h2 className="text-lg font-semibold">Find a mentor</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Browse mentors by expertise and price, subscribe to a monthly plan and book sessions.
          </p>
          <div className="mt-auto flex flex-wrap gap-2">
            <Link to="/mentorship/mentor" className={buttonClasses('primary')}>
              Find a mentor
            </Link>
            {holdsRole(user, 'mentee') ? (
              <Link to="/mentorship/mentee" className={buttonClasses('outline')}>
                My mentors
              </Link>
            ) : null}
          </div>
        </Card>
        <Card className="flex flex-col gap-3 p-6">
          <GraduationCap aria-hidden="true" className="size-8 text-indigo-600 dark:text-indigo-300" />
          <h2 className="text-lg font-semibold">Become a mentor</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Share what you know, set your own plans and earn every month.
          </p>
          {pending && latest ? (
            <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200" data-testid="mentor-application-state">
              Your application of {formatDate(latest.createdAt)} is waiting for review. We will notify you when it is
              decided.
            </p>
          ) : null}
          <div className="mt-auto">
            <Link
              to={mentor ? '/mentor/dashboard' : '/mentorship/mentor/apply'}
              className={buttonClasses(mentor || pending ? 'outline' : 'primary')}
            >
              {mentor ? 'Mentor dashboard' : pending ? 'View your application' : 'Become a mentor'}
            </Link>
          </div>
        </Card>
      </div>
    </>
  );
}
