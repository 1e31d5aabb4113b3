import { CheckCircle2, CircleDashed } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '#client/components/ui/card';
import { AddSkillsPrompt, LevelBadge, MatchSentence } from '#client/features/passport';
import { useJobMatch } from '../api/get-jobs';
import { backToJob } from '../back-to-job';
import { matchLabel } from '../format';

/** "How you match": the skills the member proved here (courses, gigs), and courses for the ones they lack. */
export function JobMatchPanel({ jobId, signedIn }: { jobId: string; signedIn: boolean }) {
  const match = useJobMatch(jobId, signedIn);
  return (
    <Card className="space-y-3 p-4" aria-labelledby="job-match-title">
      <h2 id="job-match-title" className="text-base font-semibold">
        How you match
      </h2>
      {!signedIn ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <Link
            to="/auth"
            state={backToJob(jobId)}
            className="font-medium text-indigo-700 underline dark:text-indigo-300"
          >
            Sign in
          </Link>{' '}
          to see how your skills match this job.
        </p>
      ) : !match.data ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Checking your skills…</p>
      ) : !match.data.hasSkills ? (
        <AddSkillsPrompt />
      ) : match.data.total === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">This job lists no skills to match.</p>
      ) : (
        <>
          <p className="text-sm font-medium" data-testid="match-summary">
            You have {matchLabel({ shared: match.data.shared.length, total: match.data.total })} this job asks for.
          </p>
          <ul className="space-y-2">
            {match.data.shared.map((s) => (
              <li key={s.slug} className="flex gap-2 text-sm">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                {s.sentence ? (
                  <MatchSentence sentence={s.sentence} level={s.level} testId="match-sentence" />
                ) : (
                  <span>
                    <span className="font-medium">{s.name}</span>
                    {s.level ? <LevelBadge level={s.level} className="ml-1.5" /> : null}
                    {s.evidence.length ? (
                      <span className="text-zinc-600 dark:text-zinc-400">
                        {' '}
                        —{' '}
                        {s.evidence.map((e, i) => (
                          <span key={`${e.kind}:${e.id}`}>
                            {i ? '; ' : ''}
                            {e.kind === 'gig' ? 'Completed gig: ' : 'completed '}
                            <Link
                              to={e.kind === 'gig' ? `/gigs/${e.id}` : `/courses/course-detail/${e.id}`}
                              className="underline"
                            >
                              {e.title}
                            </Link>
                          </span>
                        ))}
                      </span>
                    ) : (
                      <span className="text-zinc-600 dark:text-zinc-400"> — on your profile</span>
                    )}
                  </span>
                )}
              </li>
            ))}
            {match.data.missing.map((s) => (
              <li key={s.slug} className="flex gap-2 text-sm">
                <CircleDashed aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
                <span>
                  <span className="font-medium">{s.name}</span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {' '}
                    — not yet
                    {s.courses.length ? (
                      <>
                        ; learn it in{' '}
                        {s.courses.map((c, i) => (
                          <span key={c.id}>
                            {i ? ', ' : ''}
                            <Link to={`/courses/course-detail/${c.id}`} className="underline">
                              {c.title}
                            </Link>
                          </span>
                        ))}
                      </>
                    ) : null}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
