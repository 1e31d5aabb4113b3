import { z } from 'zod';
import { formatAmount } from '#shared/money';
import { MILESTONE_STATUS_LABELS, ZMilestoneStatus } from '#shared/talent/escrow.schemas';
import { dateTime } from './console-bits';
import { MilestoneResolution } from './milestone-resolution';

/** What the gig disputes queue sends as an item's evidence, as far as the money is concerned. */
const ZGigDisputeEvidence = z.object({
  poster: z.object({ name: z.string() }),
  talent: z.object({ name: z.string() }).nullable(),
  milestones: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      amountMinor: z.number().int(),
      status: ZMilestoneStatus,
      disputedBy: z.string().nullable(),
      disputeReason: z.string().nullable(),
      disputedAt: z.string().nullable(),
    }),
  ),
});

/**
 * A disputed gig's milestones in the admins' queue: what each holds, who disputed which and why,
 * and for each disputed one the decision (release, refund or split). Gigs without escrow show nothing.
 */
export function GigDisputeMilestones({ evidence }: { evidence: unknown }) {
  const parsed = ZGigDisputeEvidence.safeParse(evidence);
  if (!parsed.success || parsed.data.milestones.length === 0) return null;
  const { poster, talent, milestones } = parsed.data;
  return (
    <section aria-label="Money in escrow" className="space-y-3">
      <h4 className="font-medium">Money in escrow</h4>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Decide each disputed milestone first; then complete or cancel the gig below.
      </p>
      <ul className="space-y-3">
        {milestones.map((m) => (
          <li key={m.id} className="space-y-2">
            <p>
              <span className="font-medium">{m.title}</span>, {formatAmount(m.amountMinor)} ·{' '}
              {MILESTONE_STATUS_LABELS[m.status]}
            </p>
            {m.disputedBy ? (
              <p className="text-zinc-700 dark:text-zinc-300">
                Disputed by {m.disputedBy}
                {m.disputedAt ? ` on ${dateTime(m.disputedAt)}` : ''}: {m.disputeReason || 'no reason given'}
              </p>
            ) : null}
            {m.status === 'disputed' ? (
              <MilestoneResolution milestone={m} posterName={poster.name} talentName={talent?.name ?? 'the talent'} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
