import { Award } from 'lucide-react';
import { Link } from 'react-router';
import type { TTalentDetail } from '#shared/talent/talent.schemas';
import { Card } from '#client/components/ui/card';
import { formatDate } from '#client/lib/format-date';

/** "under an hour", "about 5 hours", "about 2 days": a median, so never more precise than that. */
export function formatDuration(seconds: number): string {
  const hours = seconds / 3_600;
  if (hours < 1) return 'under an hour';
  if (hours < 36) return `about ${Math.round(hours)} ${Math.round(hours) === 1 ? 'hour' : 'hours'}`;
  const days = Math.round(hours / 24);
  return `about ${days} days`;
}

/** What the platform knows of a talent's work: on-time delivery, response to invitations, certificates (decision 036). */
export function TrackRecord({ talent }: { talent: Pick<TTalentDetail, 'trackRecord' | 'certificates'> }) {
  const { completedGigs, onTimeGigs, answeredInvitations, medianResponseSeconds } = talent.trackRecord;
  return (
    <section aria-labelledby="talent-record" className="space-y-3">
      <h2 id="talent-record" className="text-lg font-semibold text-zinc-900 dark:text-white">
        Track record here
      </h2>
      <Card className="grid gap-4 p-4 sm:grid-cols-2" data-testid="track-record">
        <div>
          <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">On time</p>
          {completedGigs === 0 ? (
            <p className="text-zinc-800 dark:text-zinc-200">No completed gigs yet</p>
          ) : (
            <p className="text-zinc-900 dark:text-white" data-testid="on-time">
              <span className="text-xl font-semibold">{Math.round((onTimeGigs / completedGigs) * 100)}%</span> (
              {onTimeGigs} of {completedGigs} completed {completedGigs === 1 ? 'gig' : 'gigs'})
            </p>
          )}
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            First delivered within the delivery days of the accepted bid.
          </p>
        </div>
        <div>
          <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">Response time</p>
          {medianResponseSeconds === null ? (
            <p className="text-zinc-800 dark:text-zinc-200">No invitations answered yet</p>
          ) : (
            <p className="text-zinc-900 dark:text-white" data-testid="response-time">
              <span className="text-xl font-semibold">{formatDuration(medianResponseSeconds)}</span> (
              {answeredInvitations} {answeredInvitations === 1 ? 'invitation' : 'invitations'})
            </p>
          )}
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            The median time from an invitation to bid to their bid.
          </p>
        </div>
      </Card>
      <h3 className="font-medium text-zinc-900 dark:text-white">Certificates</h3>
      {talent.certificates.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">No certificates from courses here yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Certificates">
          {talent.certificates.map((c) => (
            <li key={c.code} className="flex items-start gap-2">
              <Award aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" />
              <span className="min-w-0 break-words">
                <Link
                  to={`/certificates/${c.code}`}
                  className="font-medium text-zinc-900 hover:underline dark:text-white"
                >
                  {c.courseTitle}
                </Link>
                <span className="text-sm text-zinc-600 dark:text-zinc-400">, {formatDate(c.issuedAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
