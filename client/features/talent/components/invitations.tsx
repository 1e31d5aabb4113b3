import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { PageSpinner } from '#client/components/ui/spinner';
import { formatDate } from '#client/lib/format-date';
import { useMyInvitations } from '../api/get-gigs';
import { formatBudget } from '../format';

/** The "Invitations" tab of /gigs: open gigs a poster invited the member to bid on, until they bid. */
export function Invitations({ empty }: { empty: (text: string) => ReactNode }) {
  const { data, isPending, isRefetching, refetch } = useMyInvitations();
  if (isPending) return <PageSpinner label="Loading your invitations…" />;
  if (!data) return <LoadFailedCard what="your invitations" retrying={isRefetching} onRetry={() => void refetch()} />;
  if (data.invitations.length === 0) return empty('Invitations to bid from posters show here.');
  return (
    <ul className="space-y-3" aria-label="Invitations to bid">
      {data.invitations.map(({ gig, invitedBy, invitedAt }) => (
        <li key={gig.id}>
          <Card
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            data-testid="invitation"
          >
            <div className="min-w-0 space-y-1">
              <Link
                to={`/gigs/${gig.id}`}
                className="font-medium break-words text-zinc-900 hover:underline dark:text-white"
              >
                {gig.title}
              </Link>
              <p className="text-sm text-zinc-800 dark:text-zinc-200">{formatBudget(gig)}</p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Invited by {invitedBy.fullName} on {formatDate(invitedAt)}
                {gig.deadline ? ` · due ${formatDate(gig.deadline)}` : ''}
              </p>
            </div>
            <Link
              to={`/gigs/${gig.id}`}
              className={buttonClasses('primary', 'md', 'shrink-0')}
              aria-label={`Bid on ${gig.title}`}
            >
              Bid
            </Link>
          </Card>
        </li>
      ))}
    </ul>
  );
}
