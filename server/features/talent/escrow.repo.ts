import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TMilestoneStatus } from '#shared/talent/escrow.schemas';
import { gigMilestones, type MilestoneRow } from './escrow.table';
import { gigs, type GigRow } from './talent.table';

export type { MilestoneRow } from './escrow.table';

type NewMilestone = Pick<MilestoneRow, 'gigId' | 'position' | 'title' | 'amountMinor' | 'dueDate'>;

/** Only this file talks to Drizzle about milestones. Every status change is conditional on the statuses it leaves. */
export const escrowRepo = {
  async ofGig(db: DbOrTx, gigId: string): Promise<MilestoneRow[]> {
    return db
      .select()
      .from(gigMilestones)
      .where(eq(gigMilestones.gigId, gigId))
      .orderBy(asc(gigMilestones.position), asc(gigMilestones.createdAt));
  },

  /** The gig's milestones locked until the transaction ends: a plan replaced now waits for a funding, or the other way round. */
  async lockOfGig(db: DbOrTx, gigId: string): Promise<MilestoneRow[]> {
    return db
      .select()
      .from(gigMilestones)
      .where(eq(gigMilestones.gigId, gigId))
      .orderBy(asc(gigMilestones.position))
      .for('update');
  },

  async find(db: DbOrTx, id: string): Promise<MilestoneRow | undefined> {
    const [row] = await db.select().from(gigMilestones).where(eq(gigMilestones.id, id)).limit(1);
    return row;
  },

  /** A milestone with its gig, for the checks of one that is asked about by id. */
  async withGig(db: DbOrTx, id: string): Promise<{ milestone: MilestoneRow; gig: GigRow } | undefined> {
    const [row] = await db
      .select({ milestone: gigMilestones, gig: gigs })
      .from(gigMilestones)
      .innerJoin(gigs, eq(gigs.id, gigMilestones.gigId))
      .where(eq(gigMilestones.id, id))
      .limit(1);
    if (!row) return undefined;
    const { searchVector: _vector, ...gig } = row.gig;
    return { milestone: row.milestone, gig };
  },

  async insertMany(db: DbOrTx, rows: NewMilestone[], at: Date): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(gigMilestones).values(rows.map((r) => ({ ...r, createdAt: at, updatedAt: at })));
  },

  async deleteUnfunded(db: DbOrTx, gigId: string): Promise<void> {
    await db.delete(gigMilestones).where(and(eq(gigMilestones.gigId, gigId), eq(gigMilestones.status, 'unfunded')));
  },

  /**
   * Moves one milestone from any of `from` (and sets the rest): one UPDATE, so of a release and a
   * refund racing, one moves it and the other finds nothing. Undefined when it did not move.
   */
  async move(
    db: DbOrTx,
    id: string,
    from: readonly TMilestoneStatus[],
    set: Partial<MilestoneRow>,
  ): Promise<MilestoneRow | undefined> {
    const [row] = await db
      .update(gigMilestones)
      .set(set)
      .where(and(eq(gigMilestones.id, id), inArray(gigMilestones.status, [...from])))
      .returning();
    return row;
  },

  /** Every milestone of the gig in any of `from` moves to `set`: answers the ones moved. */
  async moveAll(
    db: DbOrTx,
    gigId: string,
    from: readonly TMilestoneStatus[],
    set: Partial<MilestoneRow>,
  ): Promise<MilestoneRow[]> {
    return db
      .update(gigMilestones)
      .set(set)
      .where(and(eq(gigMilestones.gigId, gigId), inArray(gigMilestones.status, [...from])))
      .returning();
  },

  /** Milestones for the payments' item list: title and gig. */
  async describe(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: gigMilestones.id, title: gigMilestones.title, gigId: gigs.id, gigTitle: gigs.title })
      .from(gigMilestones)
      .innerJoin(gigs, eq(gigs.id, gigMilestones.gigId))
      .where(inArray(gigMilestones.id, ids));
  },

  /** Ids of gigs with a disputed milestone, oldest dispute first (the admin queue adds them to disputed gigs). */
  async disputedMilestoneGigs(db: DbOrTx): Promise<string[]> {
    const rows = await db
      .select({ gigId: gigMilestones.gigId, at: sql<Date>`min(${gigMilestones.disputedAt})` })
      .from(gigMilestones)
      .where(eq(gigMilestones.status, 'disputed'))
      .groupBy(gigMilestones.gigId)
      .orderBy(sql`min(${gigMilestones.disputedAt})`);
    return rows.map((r) => r.gigId);
  },

  /** Privacy: the member's words in disputes are blanked, their id leaves (decision 050). */
  async eraseDisputes(db: DbOrTx, userId: string): Promise<void> {
    await db
      .update(gigMilestones)
      .set({ disputedBy: null, disputeReason: null })
      .where(eq(gigMilestones.disputedBy, userId));
  },

  /** Privacy export: milestones of gigs the member posted or worked on. */
  async ofMember(db: DbOrTx, userId: string) {
    return db
      .select({
        gigId: gigMilestones.gigId,
        title: gigMilestones.title,
        amountMinor: gigMilestones.amountMinor,
        status: gigMilestones.status,
        dueDate: gigMilestones.dueDate,
        fundedAt: gigMilestones.fundedAt,
        releasedAt: gigMilestones.releasedAt,
        disputeReason: sql<
          string | null
        >`case when ${gigMilestones.disputedBy} = ${userId} then ${gigMilestones.disputeReason} end`,
      })
      .from(gigMilestones)
      .innerJoin(gigs, eq(gigs.id, gigMilestones.gigId))
      .where(sql`${gigs.posterId} = ${userId} or ${gigs.talentId} = ${userId}`)
      .orderBy(asc(gigMilestones.gigId), asc(gigMilestones.position));
  },
};
