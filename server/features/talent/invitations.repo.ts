import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { people, personColumns } from '../accounts';
import { bids, gigInvitations, gigs } from './talent.table';

export type InvitationRow = typeof gigInvitations.$inferSelect;

/** Only this file talks to Drizzle about invitations to bid. */
export const invitationsRepo = {
  /** Undefined when this talent was already invited to this gig (the primary key). */
  async insert(db: DbOrTx, gigId: string, talentId: string, at: Date): Promise<InvitationRow | undefined> {
    const [row] = await db
      .insert(gigInvitations)
      .values({ gigId, talentId, createdAt: at })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  /** A poster's open gigs, newest first, each saying whether `talentId` is invited to it already. */
  async invitableGigs(db: DbOrTx, posterId: string, talentId: string) {
    const open = await db
      .select({ id: gigs.id, title: gigs.title })
      .from(gigs)
      .where(and(eq(gigs.posterId, posterId), eq(gigs.status, 'open')))
      .orderBy(desc(gigs.createdAt))
      .limit(50);
    if (open.length === 0) return [];
    const invited = await db
      .select({ gigId: gigInvitations.gigId })
      .from(gigInvitations)
      .where(
        and(
          eq(gigInvitations.talentId, talentId),
          inArray(
            gigInvitations.gigId,
            open.map((g) => g.id),
          ),
        ),
      );
    const done = new Set(invited.map((i) => i.gigId));
    return open.map((g) => ({ ...g, invited: done.has(g.id) }));
  },

  /** Open gigs `talentId` is invited to and has no live bid on, newest invitation first, with who invited. */
  async openFor(db: DbOrTx, talentId: string, now: Date) {
    const poster = people('poster');
    return db
      .select({
        gig: {
          id: gigs.id,
          title: gigs.title,
          budgetType: gigs.budgetType,
          budgetMin: gigs.budgetMin,
          budgetMax: gigs.budgetMax,
          currency: gigs.currency,
          deadline: gigs.deadline,
        },
        invitedBy: personColumns(poster, now),
        invitedAt: gigInvitations.createdAt,
      })
      .from(gigInvitations)
      .innerJoin(gigs, eq(gigs.id, gigInvitations.gigId))
      .innerJoin(poster, eq(poster.id, gigs.posterId))
      .where(
        and(
          eq(gigInvitations.talentId, talentId),
          eq(gigs.status, 'open'),
          sql`not exists (select 1 from ${bids} where ${bids.gigId} = ${gigInvitations.gigId} and ${bids.bidderId} = ${talentId}::uuid and ${bids.status} in ('pending', 'accepted'))`,
        ),
      )
      .orderBy(desc(gigInvitations.createdAt))
      .limit(50);
  },
};
