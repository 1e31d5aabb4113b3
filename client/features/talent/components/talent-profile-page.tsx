import { UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { AVAILABILITY_LABELS } from '#shared/accounts/roles.schemas';
import type { TTalentDetail } from '#shared/talent/talent.schemas';
import { DocumentTitle } from '#client/components/document-title';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Markdown } from '#client/components/markdown';
import { StateCard } from '#client/components/state-card';
import { buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { PageSpinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { formatDate } from '#client/lib/format-date';
import { useUser } from '#client/features/accounts';
import { MessageButton } from '#client/features/chat';
import { Avatar } from '#client/features/profiles';
import { ProvenSkills } from '#client/features/passport';
import { useTalent } from '../api/get-talents';
import { formatRating, money } from '../format';
import { GigCard } from './gig-card';
import { InviteToBid } from './invite-to-bid';
import { Portfolio } from './portfolio';
import { TrackRecord } from './track-record';

/** /talent/{id}: a talent's profile, "Invite to bid" on the viewer's open gigs, reviews from completed gigs, and the gigs they have open. */
export function TalentProfilePage() {
  const { id = '' } = useParams();
  const { data: talent, error, isPending, isRefetching, refetch } = useTalent(id);
  if (isPending) return <PageSpinner label="Loading profile…" />;
  if (isApiError(error, 404)) {
    return (
      <StateCard
        icon={UserX}
        title="This profile is not available"
        actions={
          <Link to="/talent" className={buttonClasses('outline')}>
            Browse talent
          </Link>
        }
      >
        The member may have left, or their profile is hidden.
      </StateCard>
    );
  }
  if (!talent) return <LoadFailedCard what="this profile" retrying={isRefetching} onRetry={() => void refetch()} />;
  return <TalentView talent={talent} />;
}

function TalentView({ talent }: { talent: TTalentDetail }) {
  const { data: me } = useUser();
  const availability =
    talent.availability === 'available_from' && talent.availableFrom
      ? `Available from ${formatDate(talent.availableFrom)}`
      : AVAILABILITY_LABELS[talent.availability];
  return (
    <article aria-labelledby="talent-name" className="mx-auto max-w-3xl space-y-6">
      <DocumentTitle title={talent.fullName} />
      <Card className="p-5 sm:p-8">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <Avatar name={talent.fullName} url={talent.avatarUrl} size={112} />
          <div className="min-w-0 flex-1 space-y-2">
            <h1
              id="talent-name"
              className="text-2xl font-semibold tracking-tight break-words text-zinc-900 dark:text-white"
            >
              {talent.fullName}
            </h1>
            {talent.headline ? <p className="text-zinc-800 dark:text-zinc-200">{talent.headline}</p> : null}
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="talent-rating">
              {formatRating(talent.rating, talent.reviewCount)} · {talent.completedGigs} completed{' '}
              {talent.completedGigs === 1 ? 'gig' : 'gigs'}
            </p>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              {money(talent.hourlyRateMinor, talent.currency)} an hour · {availability}
            </p>
            <ProvenSkills skills={talent.skills} label={`Skills of ${talent.fullName}`} />
            {me && me.id !== talent.id && talent.messageable !== false ? (
              <MessageButton userId={talent.id} context={{ kind: 'profile', id: talent.username }} />
            ) : null}
          </div>
        </div>
        {talent.bio ? <Markdown source={talent.bio} className="mt-5" /> : null}
      </Card>

      {me && me.id !== talent.id ? <InviteToBid talent={talent} /> : null}

      <TrackRecord talent={talent} />

      <Portfolio talentId={talent.id} items={talent.portfolio} own={me?.id === talent.id} />

      <section aria-labelledby="talent-reviews" className="space-y-3">
        <h2 id="talent-reviews" className="text-lg font-semibold text-zinc-900 dark:text-white">
          Reviews
        </h2>
        {talent.reviews.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">No reviews yet.</p>
        ) : (
          <ul className="space-y-3">
            {talent.reviews.map((r) => (
              <li key={r.id}>
                <Card className="p-4" data-testid="talent-review">
                  <p className="font-medium text-zinc-900 dark:text-white">
                    {r.rating} ★ · {r.gigTitle}
                  </p>
                  {r.text ? <p className="text-zinc-700 dark:text-zinc-300">{r.text}</p> : null}
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    {r.author.fullName}, {formatDate(r.createdAt)}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      {talent.openGigs.length > 0 ? (
        <section aria-labelledby="talent-gigs" className="space-y-3">
          <h2 id="talent-gigs" className="text-lg font-semibold text-zinc-900 dark:text-white">
            Open gigs by {talent.fullName}
          </h2>
          <ul className="space-y-3">
            {talent.openGigs.map((g) => (
              <li key={g.id}>
                <GigCard gig={g} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
