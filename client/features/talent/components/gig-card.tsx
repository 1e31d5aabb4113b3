import { Link } from 'react-router';
import { GIG_STATUS_LABELS } from '#shared/talent/gig-machine';
import type { TGigSummary } from '#shared/talent/talent.schemas';
import { Card } from '#client/components/ui/card';
import { formatDate } from '#client/lib/format-date';
import { SkillChips } from '#client/features/skills';
import { markdownExcerpt } from '#client/lib/markdown/markdown-parser';
import { formatBudget } from '../format';

/** A gig in a list: title linking to its page, budget, skills, status and bids. */
export function GigCard({ gig }: { gig: TGigSummary }) {
  return (
    <Card className="space-y-2 p-4" data-testid="gig-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-lg font-semibold break-words text-zinc-900 dark:text-white">
          <Link to={`/gigs/${gig.id}`} className="hover:underline focus-visible:underline">
            {gig.title}
          </Link>
        </h3>
        <span className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {GIG_STATUS_LABELS[gig.status]}
        </span>
      </div>
      <p className="font-medium text-zinc-800 dark:text-zinc-200">{formatBudget(gig)}</p>
      <p className="line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{markdownExcerpt(gig.description)}</p>
      <SkillChips skills={gig.skills} label={`Skills for ${gig.title}`} />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Posted by {gig.poster.fullName} on {formatDate(gig.createdAt)} · {gig.bidCount}{' '}
        {gig.bidCount === 1 ? 'bid' : 'bids'}
        {gig.deadline ? ` · due ${formatDate(gig.deadline)}` : ''}
      </p>
    </Card>
  );
}
