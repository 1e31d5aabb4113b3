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
 * Disputed gigs, oldest dispute first. The evidence is the gig's terms, the delivery and its
 * whole history (who moved it when, with their notes). `complete` decides for the talent,
 * `cancel` for the poster; the note goes to both. No money moves: gigs have no escrow yet.
 */
export function gigDisputesQueue(service: GigsService): AdminQueue {
  return {
    kind: 'disputes',
    label: 'Gig disputes',
    count: (tx) => talentAdminRepo.disputed(tx),
    async list(tx, page) {
      const rows = await talentAdminRepo.disputedPage(tx, page);
      const events = rows.length
        ? await talentAdminRepo.events(
            tx,
            rows.map((r) => r.id),
          )
        : [];
      return rows.map((r) => {
        const history = events.filter((e) => e.gigId === r.id);
        const dispute = history.findLast((e) => e.transition === 'dispute');
        const by =
          dispute?.actorId === r.posterId ? r.posterName : dispute?.actorId === r.talentId ? r.talentName : 'one side';
        return {
          id: r.id,
          title: `Dispute on "${r.title}"`,
          summary: `Opened by ${by}: ${dispute?.note || 'no reason given'}`,
          createdAt: r.disputedAt.toISOString(),
          link: `/gigs/${r.id}`,
          subjectUserId: null,
          evidence: {
            poster: { id: r.posterId, name: r.posterName },
            talent: r.talentId ? { id: r.talentId, name: r.talentName } : null,
            budget: { min: r.budgetMin, max: r.budgetMax, currency: r.currency },
            acceptedBid: r.bidAmount,
            delivery: { note: r.deliveryNote, at: r.deliveredAt?.toISOString() ?? null },
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
