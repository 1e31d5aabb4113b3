import { asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { utcDay } from '#server/db/utc-day';
import { people } from '../accounts';
import { gigMilestones } from './escrow.table';
import { bids, gigEvents, gigs } from './talent.table';

/** Admins see both sides by name, hidden ones too (decision 013). */
const poster = people('poster');
const talent = people('talent');

/** A gig in dispute, or one with a milestone in dispute (decision 060): the queue's items. */
const inDispute = or(
  eq(gigs.status, 'disputed'),
  sql`exists (select 1 from ${gigMilestones} where ${gigMilestones.gigId} = ${gigs.id} and ${gigMilestones.status} = 'disputed')`,
);
/** Since when: the gig's dispute, else its oldest disputed milestone's. */
const disputedSince = sql<Date>`coalesce(case when ${gigs.status} = 'disputed' then ${gigs.statusAt} end, (select min(${gigMilestones.disputedAt}) from ${gigMilestones} where ${gigMilestones.gigId} = ${gigs.id} and ${gigMilestones.status} = 'disputed'))`;

/** What the admin console reads of gigs: the overview's figures, a member's activity, the disputes queue. */
export const talentAdminRepo = {
  /** A gig is open from the moment it is posted. */
  gigsOpened: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(gigs.createdAt), gigsOpened: sql<number>`count(*)::int` })
      .from(gigs)
      .where(sql`${gigs.createdAt} >= ${from} and ${gigs.createdAt} < ${to}`)
      .groupBy(sql`1`),

  /** The day the poster hired a talent (`accept_bid`, which a gig takes at most once). */
  gigsFilled: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(gigEvents.createdAt), gigsFilled: sql<number>`count(*)::int` })
      .from(gigEvents)
      .where(
        sql`${gigEvents.transition} = 'accept_bid' and ${gigEvents.createdAt} >= ${from} and ${gigEvents.createdAt} < ${to}`,
      )
      .groupBy(sql`1`),

  gigsCompleted: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(gigs.completedAt), gigsCompleted: sql<number>`count(*)::int` })
      .from(gigs)
      .where(sql`${gigs.completedAt} >= ${from} and ${gigs.completedAt} < ${to}`)
      .groupBy(sql`1`),

  async postedBy(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(gigs).where(eq(gigs.posterId, userId));
    return row?.n ?? 0;
  },

  async hired(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(gigs).where(eq(gigs.talentId, userId));
    return row?.n ?? 0;
  },

  async bidsBy(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(bids).where(eq(bids.bidderId, userId));
    return row?.n ?? 0;
  },

  async disputed(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(gigs).where(inDispute);
    return row?.n ?? 0;
  },

  /** A page of gigs in dispute (themselves or a milestone), oldest dispute first, with both sides' names and the accepted bid. */
  disputedPage: (db: DbOrTx, page: { limit: number; offset: number }) =>
    db
      .select({
        id: gigs.id,
        title: gigs.title,
        budgetMin: gigs.budgetMin,
        budgetMax: gigs.budgetMax,
        currency: gigs.currency,
        deliveryNote: gigs.deliveryNote,
        deliveredAt: gigs.deliveredAt,
        status: gigs.status,
        disputedAt: disputedSince.mapWith(gigs.statusAt),
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
      .where(inDispute)
      .orderBy(asc(disputedSince), asc(gigs.id))
      .limit(page.limit)
      .offset(page.offset),

  /** These gigs' milestones in plan order, with who disputed one and why. */
  milestones: (db: DbOrTx, gigIds: string[]) =>
    db
      .select()
      .from(gigMilestones)
      .where(inArray(gigMilestones.gigId, gigIds))
      .orderBy(asc(gigMilestones.gigId), asc(gigMilestones.position)),

  /** These gigs' histories, earliest move first. */
  events: (db: DbOrTx, gigIds: string[]) =>
    db.select().from(gigEvents).where(inArray(gigEvents.gigId, gigIds)).orderBy(asc(gigEvents.createdAt)),
};
