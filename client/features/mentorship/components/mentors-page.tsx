import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TSkillRef } from '../../../../shared/skills/skills.schemas';
import type { TMentorCard } from '../../../../shared/mentorship/mentorship.schemas';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { SkillChips, SkillsPicker } from '../../skills';
import { useMentors } from '../api/mentors';
import { monthly } from '../format';

function MentorCard({ mentor }: { mentor: TMentorCard }) {
  return (
    <Card className="flex flex-col gap-2 p-4">
      <Link to={`/mentorship/mentor/${mentor.id}`} className="text-base font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
        {mentor.fullName}
      </Link>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{mentor.headline}</p>
      <p className="line-clamp-3 text-sm text-zinc-600 dark:text-zinc-400">{mentor.bio}</p>
      <SkillChips skills={mentor.expertise.map((slug) => ({ slug, name: slug.replace(/-/g, ' ') }))} />
      <p className="mt-auto text-sm font-medium">
        {mentor.fromPriceMinor === null ? 'No plans yet' : `From ${monthly(mentor.fromPriceMinor, mentor.currency)}`}
      </p>
    </Card>
  );
}

/** /mentorship/mentor: search mentors by words and expertise, paged. */
export function MentorsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const skills = params.get('skills') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const [picked, setPicked] = useState<TSkillRef[]>(skills ? skills.split(',').map((slug) => ({ slug, name: slug })) : []);
  const { data, isPending, isError } = useMentors({ q, skills, page });

  const go = (next: { q?: string; skills?: string; page?: number }) => {
    const p = new URLSearchParams();
    const nq = next.q ?? q;
    const ns = next.skills ?? skills;
    if (nq) p.set('q', nq);
    if (ns) p.set('skills', ns);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: text.trim(), skills: picked.map((s) => s.slug).join(','), page: 1 });
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <PageHeader title="Find a mentor" description="Browse mentors by expertise and price." />
      <Card className="mb-6 p-4">
        <form role="search" onSubmit={submit} className="grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-end">
          <FormField id="mentor-q" label="Search">
            {(c) => <Input {...c} name="q" type="search" placeholder="Name, role, company…" value={text} onChange={(e) => setText(e.target.value)} />}
          </FormField>
          <SkillsPicker id="mentor-skills" name="skills" label="Expertise" value={picked} onChange={setPicked} />
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
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                Previous
              </Button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}
