import { CheckCircle2, CircleDashed } from 'lucide-react';
import { Card } from '#client/components/ui/card';
import { AddSkillsPrompt, MatchSentence } from '#client/features/passport';
import { useGigMatch } from '../api/get-gigs';

/** "How you match" on a gig (issue 31 item 3): its skills against the viewer's passport, in the passport's words. */
export function GigMatchPanel({ gigId }: { gigId: string }) {
  const match = useGigMatch(gigId, true);
  return (
    <Card className="space-y-3 p-5" aria-labelledby="gig-match-title">
      <h2 id="gig-match-title" className="text-base font-semibold">
        How you match
      </h2>
      {!match.data ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {match.isError ? 'Your match could not be loaded.' : 'Checking your skills…'}
        </p>
      ) : !match.data.hasSkills ? (
        <AddSkillsPrompt />
      ) : match.data.total === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">This gig lists no skills to match.</p>
      ) : (
        <ul className="space-y-2">
          {match.data.shared.map((s) => (
            <li key={s.slug} className="flex gap-2 text-sm">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <MatchSentence sentence={s.sentence ?? s.name} level={s.level} testId="gig-match-sentence" />
            </li>
          ))}
          {match.data.missing.map((s) => (
            <li key={s.slug} className="flex gap-2 text-sm">
              <CircleDashed aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
              <span>
                <span className="font-medium">{s.name}</span>
                <span className="text-zinc-600 dark:text-zinc-400"> — not yet on your passport</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
