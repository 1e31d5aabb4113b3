import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AdminQueue } from '../admin/admin-queues';
import type { MemberActivity } from '../admin/admin-members.service';
import { utcDay, type DailySource } from '../admin/admin-stats';
import { people } from '../accounts/person';
import type { GigsService } from './gigs.service';
import { bids, gigEvents, gigs } from './talent.table';

/**
 * The talent area in the admin console (issue 16): gigs opened, filled and completed by UTC day
 * (each one grouped query over an index of the custom migration admin_figures_custom), the
 * disputes queue, and a member's gigs activity.
 */

/** Gigs opened: a gig is open from the moment it is posted. */
const gigsOpened: DailySource = {
  series: [{ key: 'gigsOpened', label: 'Gigs opened', unit: 'count' }],
  query: (tx, from, to) =>
    tx
      .select({ day: utcDay(gigs.createdAt), gigsOpened: sql<number>`count(*)::int` })
      .from(gigs)
      .where(sql`${gigs.createdAt} >= ${from} and ${gigs.createdAt} < ${to}`)
      .groupBy(sql`1`),
};

/** Gigs filled: the day the poster hired a talent (`accept_bid`, which a gig takes at most once). */
const gigsFilled: DailySource = {
  series: [{ key: 'gigsFilled', label: 'Gigs filled', unit: 'count' }],
  query: (tx, from, to) =>
    tx
      .select({ day: utcDay(gigEvents.createdAt), gigsFilled: sql<number>`count(*)::int` })
      .from(gigEvents)
      .where(sql`${gigEvents.transition} = 'accept_bid' and ${gigEvents.createdAt} >= ${from} and ${gigEvents.createdAt} < ${to}`)
      .groupBy(sql`1`),
};

/** Gigs completed: accepted, completed 7 days after delivery, or decided for the talent in a dispute. */
const gigsCompleted: DailySource = {
  series: [{ key: 'gigsCompleted', label: 'Gigs completed', unit: 'count' }],
  query: (tx, from, to) =>
    tx
      .select({ day: utcDay(gigs.completedAt), gigsCompleted: sql<number>`count(*)::int` })
      .from(gigs)
      .where(sql`${gigs.completedAt} >= ${from} and ${gigs.completedAt} < ${to}`)
      .groupBy(sql`1`),
};

export const gigFigures: DailySource[] = [gigsOpened, gigsFilled, gigsCompleted];

export const gigActivity: MemberActivity[] = [
  {
    label: 'Gigs posted',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(gigs).where(eq(gigs.posterId, userId));
      return row?.n ?? 0;
    },
  },
  {
    label: 'Gigs hired for',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(gigs).where(eq(gigs.talentId, userId));
      return row?.n ?? 0;
    },
  },
  {
    label: 'Bids made',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(bids).where(eq(bids.bidderId, userId));
      return row?.n ?? 0;
    },
  },
];

/** Admins see both sides by name, hidden ones too (decision 013). */
const poster = people('poster');
const talent = people('talent');
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
    async count(tx) {
      const [row] = await tx.select({ n: count() }).from(gigs).where(eq(gigs.status, 'disputed'));
      return row?.n ?? 0;
    },
    async list(tx, page) {
      const rows = await tx
        .select({
          id: gigs.id,
          title: gigs.title,
          budgetMin: gigs.budgetMin,
          budgetMax: gigs.budgetMax,
          currency: gigs.currency,
          deliveryNote: gigs.deliveryNote,
          deliveredAt: gigs.deliveredAt,
          disputedAt: gigs.statusAt,
          posterId: gigs.posterId,
          posterName: poster.fullName,
          talentId: gigs.talentId,
          talentName: talent.fullName,
          bidAmount: bids.amount,
        })
        .from(gigs)
        .innerJoin(poster, eq(poster.id, gigs.posterId))
        .leftJoin(talent, eq(talent.id, gigs.talentId))
        .leftJoin(bids, eq(bids.id, gigs.acceptedBidId))
        .where(eq(gigs.status, 'disputed'))
        .orderBy(asc(gigs.statusAt), asc(gigs.id))
        .limit(page.limit)
        .offset(page.offset);
      const events = rows.length
        ? await tx.select().from(gigEvents).where(inArray(gigEvents.gigId, rows.map((r) => r.id))).orderBy(asc(gigEvents.createdAt))
        : [];
      return rows.map((r) => {
        const history = events.filter((e) => e.gigId === r.id);
        const dispute = history.findLast((e) => e.transition === 'dispute');
        const by = dispute?.actorId === r.posterId ? r.posterName : dispute?.actorId === r.talentId ? r.talentName : 'one side';
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
            history: history.map((e) => ({ transition: e.transition, from: e.fromStatus, to: e.toStatus, actorId: e.actorId, note: e.note, at: e.createdAt.toISOString() })),
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

