import { CalendarDays, ExternalLink, Languages, MapPin, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LANGUAGES, LOCATIONS } from '#shared/profiles/locations';
import { LINK_KINDS, LINK_LABELS, type TProfile } from '#shared/profiles/profiles.schemas';
import { ROLE_LABELS } from '#shared/roles';
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
import { PassportView } from '#client/features/passport';
import { SkillChips } from '#client/features/skills';
import { useProfile } from '../api/get-profile';
import { Avatar } from './avatar';

/** /u/{username}: a member's public profile, for signed-in members. */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  const { data: profile, error, isPending, isRefetching, refetch } = useProfile(username);
  if (isPending) return <PageSpinner label="Loading profile…" />;
  if (isApiError(error, 404)) {
    return (
      <StateCard
        icon={UserX}
        title="This profile is not available"
        actions={
          <Link to="/" className={buttonClasses('outline')}>
            Go home
          </Link>
        }
      >
        The member may have left, or their profile is hidden.
      </StateCard>
    );
  }
  if (!profile) return <LoadFailedCard what="this profile" retrying={isRefetching} onRetry={() => void refetch()} />;
  return <ProfileView profile={profile} />;
}

function ProfileView({ profile }: { profile: TProfile }) {
  const { data: me } = useUser();
  const own = me?.id === profile.id;
  const links = LINK_KINDS.filter((k) => profile.links[k]);
  return (
    <article aria-labelledby="profile-name" className="mx-auto max-w-3xl space-y-6">
      <DocumentTitle title={profile.fullName} />
      <Card className="p-5 sm:p-8">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <Avatar name={profile.fullName} url={profile.avatarUrl} srcset={profile.avatarSrcset} size={112} />
          <div className="min-w-0 flex-1 space-y-2">
            <h1
              id="profile-name"
              className="text-2xl font-semibold tracking-tight break-words text-zinc-900 dark:text-white"
            >
              {profile.fullName}
            </h1>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">@{profile.username}</p>
            {profile.headline ? <p className="text-base text-zinc-800 dark:text-zinc-200">{profile.headline}</p> : null}
            <ul aria-label="Roles" className="flex flex-wrap gap-1.5">
              {profile.roles.map((role) => (
                <li
                  key={role}
                  className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                >
                  {ROLE_LABELS[role]}
                </li>
              ))}
            </ul>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
              {profile.location ? (
                <li className="inline-flex items-center gap-1.5">
                  <MapPin aria-hidden="true" className="size-4" />
                  {LOCATIONS[profile.location]}
                </li>
              ) : null}
              {profile.languages.length > 0 ? (
                <li className="inline-flex items-center gap-1.5">
                  <Languages aria-hidden="true" className="size-4" />
                  <span className="sr-only">Languages:</span>
                  {profile.languages.map((l) => LANGUAGES[l]).join(', ')}
                </li>
              ) : null}
              <li className="inline-flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4" />
                Member since {formatDate(profile.createdAt)}
              </li>
            </ul>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {own ? (
              <Link to="/profile" className={buttonClasses('outline', 'sm')}>
                Edit profile
              </Link>
            ) : profile.messageable !== false ? (
              <MessageButton userId={profile.id} context={{ kind: 'profile', id: profile.username }} />
            ) : null}
          </div>
        </div>
      </Card>

      {profile.skills.length > 0 ? (
        <Card className="space-y-3 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-zinc-900 dark:text-white">Skills</h2>
          <SkillChips skills={profile.skills} />
        </Card>
      ) : null}

      {/* Evidence can give skills the member never typed: the passport always shows. */}
      <Card aria-labelledby="passport-title" role="region" className="space-y-3 p-5 sm:p-6">
        <h2 id="passport-title" className="text-lg font-semibold text-zinc-900 dark:text-white">
          Skills passport
        </h2>
        <PassportView username={profile.username} own={own} />
      </Card>

      {profile.bio ? (
        <Card className="space-y-3 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-zinc-900 dark:text-white">About</h2>
          <Markdown source={profile.bio} />
        </Card>
      ) : null}

      {links.length > 0 ? (
        <Card className="space-y-3 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-zinc-900 dark:text-white">Links</h2>
          <ul className="space-y-2">
            {links.map((kind) => (
              <li key={kind} className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm">
                <span className="font-medium text-zinc-700 dark:text-zinc-300">{LINK_LABELS[kind]}:</span>
                <a
                  href={profile.links[kind]}
                  target="_blank"
                  rel="noopener noreferrer nofollow ugc"
                  className="inline-flex min-w-0 items-center gap-1 break-all text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
                >
                  {profile.links[kind]!.replace(/^https?:\/\//, '')}
                  <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                </a>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </article>
  );
}
