import { formatAmount } from '#shared/money';
import type { AdminQueue } from '../admin';
import type { MemberActivity } from '../admin';
import type { DailySource } from '../admin';
import type { GigsService } from './gigs.service';
import { talentAdminRepo } from './talent-admin.repo';

/**
 * The talent area in the admin console (issue 16): gigs opened, filled and completed by UTC day
 * (each one grouped query over an index of the custom migration admin_figures_custom), the
 * disputes queue, and a member's gigs activity.
 */

/** Gigs opened: a gig is open from the moment it is posted. */
const gigsOpened: DailySource = {
  series: [{ key: 'gigsOpened', label: 'Gigs opened', unit: 'count' }],
  query: (tx, from, to) => talentAdminRepo.gigsOpened(tx, from, to),
};

/** Gigs filled: the day the poster hired a talent (`accept_bid`, which a gig takes at most once). */
const gigsFilled: DailySource = {
  series: [{ key: 'gigsFilled', label: 'Gigs filled', unit: 'count' }],
  query: (tx, from, to) => talentAdminRepo.gigsFilled(tx, from, to),
};

/** Gigs completed: accepted, completed 7 days after delivery, or decided for the talent in a dispute. */
const gigsCompleted: DailySource = {
  series: [{ key: 'gigsCompleted', label: 'Gigs completed', unit: 'count' }],
  query: (tx, from, to) => talentAdminRepo.gigsCompleted(tx, from, to),
};

export const gigFigures: DailySource[] = [gigsOpened, gigsFilled, gigsCompleted];

export const gigActivity: MemberActivity[] = [
  { label: 'Gigs posted', count: (userId, tx) => talentAdminRepo.postedBy(tx, userId) },
  { label: 'Gigs hired for', count: (userId, tx) => talentAdminRepo.hired(tx, userId) },
  { label: 'Bids made', count: (userId, tx) => talentAdminRepo.bidsBy(tx, userId) },
];

const DISPUTE_ACTIONS = ['complete', 'cancel'] as const;

/**
 * Disputed gigs and gigs with a disputed milestone, oldest dispute first. The evidence is the
 * gig's terms, the delivery, its milestones (with who disputed one and why) and its whole history
 * (who moved it when, with their notes). Money in escrow is decided per milestone
 * (POST /api/admin/milestones/{id}/resolve, decision 060); then `complete` decides the gig for
 * the talent, `cancel` for the poster; the note goes to both.
 */
export function gigDisputesQueue(service: GigsService): AdminQueue {
  return {
    kind: 'disputes',
    label: 'Gig disputes',
    count: (tx) => talentAdminRepo.disputed(tx),
    async list(tx, page) {
      const rows = await talentAdminRepo.disputedPage(tx, page);
      const ids = rows.map((r) => r.id);
      const events = rows.length ? await talentAdminRepo.events(tx, ids) : [];
      const milestones = rows.length ? await talentAdminRepo.milestones(tx, ids) : [];
      return rows.map((r) => {
        const history = events.filter((e) => e.gigId === r.id);
        const plan = milestones.filter((m) => m.gigId === r.id);
        const nameOf = (id: string | null | undefined) =>
          id === r.posterId ? r.posterName : id === r.talentId ? r.talentName : 'one side';
        const dispute = history.findLast((e) => e.transition === 'dispute');
        const held = plan.find((m) => m.status === 'disputed');
        const summary =
          r.status === 'disputed' || !held
            ? `Opened by ${nameOf(dispute?.actorId)}: ${dispute?.note || 'no reason given'}`
            : `Milestone “${held.title}” (${formatAmount(held.amountMinor)}) disputed by ${nameOf(held.disputedBy)}: ${held.disputeReason || 'no reason given'}`;
        return {
          id: r.id,
          title: `Dispute on "${r.title}"`,
          summary,
          createdAt: r.disputedAt.toISOString(),
          link: `/gigs/${r.id}`,
          subjectUserId: null,
          evidence: {
            poster: { id: r.posterId, name: r.posterName },
            talent: r.talentId ? { id: r.talentId, name: r.talentName } : null,
            budget: { min: r.budgetMin, max: r.budgetMax, currency: r.currency },
            acceptedBid: r.bidAmount,
            delivery: { note: r.deliveryNote, at: r.deliveredAt?.toISOString() ?? null },
            milestones: plan.map((m) => ({
              id: m.id,
              title: m.title,
              amountMinor: m.amountMinor,
              status: m.status,
              disputedBy: m.disputedBy ? nameOf(m.disputedBy) : null,
              disputeReason: m.disputeReason,
              disputedAt: m.disputedAt?.toISOString() ?? null,
            })),
            history: history.map((e) => ({
              transition: e.transition,
              from: e.fromStatus,
              to: e.toStatus,
              actorId: e.actorId,
              note: e.note,
              at: e.createdAt.toISOString(),
            })),
          },
        };
      });
    },
    actions: DISPUTE_ACTIONS,
    async act(admin, itemId, input, tx) {
      const outcome = input.action as (typeof DISPUTE_ACTIONS)[number];
      const gig = await service.resolveDispute(admin, itemId, outcome, input.note ?? null, tx);
      return {
        status: gig.status,
        audit: {
          action: `gig.dispute.${outcome}`,
          targetType: 'gig',
          targetId: itemId,
          before: { status: 'disputed' },
          after: { status: gig.status, posterId: gig.posterId, talentId: gig.talentId },
          reason: input.note ?? null,
        },
      };
    },
  };
}
