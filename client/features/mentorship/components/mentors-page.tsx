import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import type { TMentorCard } from '#shared/mentorship/mentorship.schemas';
import { PageHeader } from '#client/components/page-header';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { Select } from '#client/components/ui/select';
import { SkillsPicker } from '#client/features/skills';
import { markdownExcerpt } from '#client/lib/markdown/markdown-parser';
import { mentorSearchFrom, mentorSearchParams, type MentorSearch } from '../api/mentor-search';
import { useMentors } from '../api/mentors';
import { monthly } from '../format';
import { RatingSummary } from './rating';
import { ProvenSkills } from '#client/features/passport';

function MentorCard({ mentor }: { mentor: TMentorCard }) {
  return (
    <Card className="flex flex-col gap-2 p-4">
      <Link
        to={`/mentorship/mentor/${mentor.id}`}
        className="text-base font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
      >
        {mentor.fullName}
      </Link>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{mentor.headline}</p>
      <p className="line-clamp-3 text-sm text-zinc-600 dark:text-zinc-400">{markdownExcerpt(mentor.bio)}</p>
      <RatingSummary rating={mentor.rating} reviews={mentor.reviews} />
      <ProvenSkills skills={mentor.expertise} label={`Expertise of ${mentor.fullName}`} />
      <p className="mt-auto text-sm font-medium">
        {mentor.fromPriceMinor === null ? 'No plans yet' : `From ${monthly(mentor.fromPriceMinor, mentor.currency)}`}
      </p>
    </Card>
  );
}

/** /mentorship/mentor: search mentors by words, expertise, price, free time this week and rating, paged; the URL holds the search. */
export function MentorsPage() {
  const [params, setParams] = useSearchParams();
  const search = mentorSearchFrom(params);
  const { page } = search;
  const [draft, setDraft] = useState<Omit<MentorSearch, 'skills' | 'page'>>(search);
  const [picked, setPicked] = useState<TSkillRef[]>(
    search.skills ? search.skills.split(',').map((slug) => ({ slug, name: slug })) : [],
  );
  const { data, isPending, isError } = useMentors(search);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));

  const go = (next: MentorSearch) => {
    const p = mentorSearchParams(next);
    if (next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ ...draft, skills: picked.map((s) => s.slug).join(','), page: 1 });
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <PageHeader title="Find a mentor" description="Browse mentors by expertise, price, free time and rating." />
      <Card className="mb-6 p-4">
        <form role="search" onSubmit={submit} className="grid gap-4 md:grid-cols-2 lg:grid-cols-4 lg:items-start">
          <FormField id="mentor-q" label="Search">
            {(c) => (
              <Input
                {...c}
                name="q"
                type="search"
                placeholder="Name, role, company…"
                value={draft.q}
                onChange={(e) => set({ q: e.target.value })}
              />
            )}
          </FormField>
          <SkillsPicker id="mentor-skills" name="skills" label="Expertise" value={picked} onChange={setPicked} />
          <div className="grid grid-cols-2 items-end gap-3">
            <FormField id="mentor-min-price" label="Min ₦ a month">
              {(c) => (
                <Input
                  {...c}
                  name="minPrice"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  value={draft.minPrice}
                  onChange={(e) => set({ minPrice: e.target.value.replace(/\D/g, '') })}
                />
              )}
            </FormField>
            <FormField id="mentor-max-price" label="Max ₦ a month">
              {(c) => (
                <Input
                  {...c}
                  name="maxPrice"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  value={draft.maxPrice}
                  onChange={(e) => set({ maxPrice: e.target.value.replace(/\D/g, '') })}
                />
              )}
            </FormField>
          </div>
          <FormField id="mentor-rating" label="Rating">
            {(c) => (
              <Select
                {...c}
                name="minRating"
                value={draft.minRating}
                onChange={(e) => set({ minRating: e.target.value })}
              >
                <option value="">Any rating</option>
                {['4', '3', '2', '1'].map((r) => (
                  <option key={r} value={r}>
                    {r} stars and up
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <label className="flex items-center gap-2 text-sm lg:col-span-3">
            <input
              type="checkbox"
              name="available"
              className="size-4 accent-indigo-600"
              checked={draft.availableThisWeek}
              onChange={(e) => set({ availableThisWeek: e.target.checked })}
            />
            Has free time this week
          </label>
          <Button type="submit">Search</Button>
        </form>
      </Card>
      {isPending ? <PageSpinner label="Loading mentors…" /> : null}
      {isError ? <Alert tone="error">Mentors could not be loaded. Please try again.</Alert> : null}
      {data && data.mentors.length === 0 ? <Alert tone="info">No mentors match your search yet.</Alert> : null}
      {data && data.mentors.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
            {data.total} {data.total === 1 ? 'mentor' : 'mentors'}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.mentors.map((m) => (
              <li key={m.id} className="flex">
                <MentorCard mentor={m} />
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => go({ ...search, page: page - 1 })}
              >
                Previous
              </Button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => go({ ...search, page: page + 1 })}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}
