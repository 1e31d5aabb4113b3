import { Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AVAILABILITIES, AVAILABILITY_LABELS } from '#shared/accounts/roles.schemas';
import { LOCATION_CODES, LOCATIONS } from '#shared/profiles/locations';
import { FILTER_LEVELS, LEVEL_LABELS } from '#shared/passport/passport.schemas';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import { TALENT_SORTS, type TTalentCard } from '#shared/talent/talent.schemas';
import { DocumentTitle } from '#client/components/document-title';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Card } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Select } from '#client/components/ui/select';
import { PageSpinner } from '#client/components/ui/spinner';
import { Avatar } from '#client/features/profiles';
import { SkillsPicker } from '#client/features/skills';
import { useTalents } from '../api/get-talents';
import { formatRating, money, toMinor } from '../format';
import { ProvenSkills } from '#client/features/passport';

const SORT_LABELS: Record<(typeof TALENT_SORTS)[number], string> = {
  match: 'Best match',
  rating: 'Rating',
  rate_asc: 'Rate: low to high',
  rate_desc: 'Rate: high to low',
};

/** The filters kept in the page's address, so a search can be shared and survives a reload. */
type UrlFilter = 'q' | 'maxRate' | 'availability' | 'location' | 'minRating' | 'level' | 'sort';

/** /talent: find people by words, skills, rate, availability, location and rating. */
export function TalentPage() {
  const [params, setParams] = useSearchParams();
  const param = (name: UrlFilter) => params.get(name) ?? '';
  const setParam = (name: UrlFilter) => (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const [skills, setSkills] = useState<TSkillRef[]>([]);
  const q = param('q');
  const maxRate = param('maxRate');
  // A value the lists do not know (an edited address) is left out rather than sent to fail.
  const availability = (AVAILABILITIES as readonly string[]).includes(param('availability'))
    ? param('availability')
    : '';
  const location = (LOCATION_CODES as readonly string[]).includes(param('location')) ? param('location') : '';
  const minRating = Number(param('minRating')) > 0 ? param('minRating') : '';
  const sort = (TALENT_SORTS as readonly string[]).includes(param('sort')) ? param('sort') : '';
  const level = (FILTER_LEVELS as readonly string[]).includes(param('level')) ? param('level') : '';
  const max = toMinor(maxRate);
  const { data, isPending, isRefetching, refetch } = useTalents({
    q: q.trim() || undefined,
    skills: skills.map((s) => s.slug).join(',') || undefined,
    maxRate: Number.isFinite(max) ? max : undefined,
    availability: availability || undefined,
    location: location || undefined,
    minRating: minRating ? Number(minRating) : undefined,
    // The level filters within the chosen skills: the server refuses it without them.
    level: level && skills.length ? level : undefined,
    sort: sort || undefined,
  });
  return (
    <section aria-labelledby="talent-title" className="mx-auto max-w-5xl space-y-6">
      <DocumentTitle title="Talent" />
      <div>
        <h1 id="talent-title" className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">
          Talent
        </h1>
        <p className="text-zinc-600 dark:text-zinc-400">Discover skilled people for your next project.</p>
      </div>
      <form role="search" onSubmit={(e) => e.preventDefault()} className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor="talent-q">Search</Label>
          <Input
            id="talent-q"
            name="q"
            type="search"
            value={q}
            onChange={(e) => setParam('q')(e.target.value)}
            placeholder="Designer, developer, writer…"
          />
        </div>
        <SkillsPicker id="talent-skills" label="Skills" name="skills" value={skills} onChange={setSkills} />
        <div className="space-y-1.5">
          <Label htmlFor="talent-max-rate">Highest hourly rate</Label>
          <Input
            id="talent-max-rate"
            name="maxRate"
            inputMode="decimal"
            value={maxRate}
            onChange={(e) => setParam('maxRate')(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="talent-availability">Availability</Label>
          <Select
            id="talent-availability"
            name="availability"
            value={availability}
            onChange={(e) => setParam('availability')(e.target.value)}
          >
            <option value="">Any</option>
            {AVAILABILITIES.map((a) => (
              <option key={a} value={a}>
                {AVAILABILITY_LABELS[a]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="talent-location">Location</Label>
          <Select
            id="talent-location"
            name="location"
            value={location}
            onChange={(e) => setParam('location')(e.target.value)}
          >
            <option value="">Anywhere</option>
            {LOCATION_CODES.map((code) => (
              <option key={code} value={code}>
                {LOCATIONS[code]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="talent-level">Level in these skills</Label>
          <Select
            id="talent-level"
            name="level"
            value={level}
            disabled={skills.length === 0}
            onChange={(e) => setParam('level')(e.target.value)}
          >
            <option value="">Any</option>
            {FILTER_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l === 'expert' ? LEVEL_LABELS[l] : `${LEVEL_LABELS[l]} and up`}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="talent-min-rating">Minimum rating</Label>
          <Select
            id="talent-min-rating"
            name="minRating"
            value={minRating}
            onChange={(e) => setParam('minRating')(e.target.value)}
          >
            <option value="">Any</option>
            {[4.5, 4, 3].map((r) => (
              <option key={r} value={r}>
                {r} ★ and up
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="talent-sort">Sort by</Label>
          <Select id="talent-sort" name="sort" value={sort} onChange={(e) => setParam('sort')(e.target.value)}>
            <option value="">Best first</option>
            {TALENT_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
      </form>
      {isPending ? (
        <PageSpinner label="Loading talent…" />
      ) : !data ? (
        <LoadFailedCard what="talent" retrying={isRefetching} onRetry={() => void refetch()} />
      ) : data.talents.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-8 text-center text-zinc-600 dark:text-zinc-400">
          <Users aria-hidden="true" className="size-8" />
          <p>Nobody matches yet. Try fewer filters.</p>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Talents">
          {data.talents.map((t) => (
            <li key={t.id}>
              <TalentCard talent={t} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TalentCard({ talent }: { talent: TTalentCard }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="talent-card">
      <div className="flex items-center gap-3">
        <Avatar name={talent.fullName} url={talent.avatarUrl} size={48} />
        <div className="min-w-0">
          <Link
            to={`/talent/${talent.id}`}
            className="font-semibold break-words text-zinc-900 hover:underline dark:text-white"
          >
            {talent.fullName}
          </Link>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{formatRating(talent.rating, talent.reviewCount)}</p>
        </div>
      </div>
      {talent.headline ? <p className="text-sm text-zinc-800 dark:text-zinc-200">{talent.headline}</p> : null}
      <ProvenSkills skills={talent.skills.slice(0, 5)} label={`Skills of ${talent.fullName}`} />
      <p className="mt-auto text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {money(talent.hourlyRateMinor, talent.currency)} an hour
      </p>
    </Card>
  );
}
