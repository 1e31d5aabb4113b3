import { and, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { UUID } from './gig-context';
import { bids, gigInvitations, gigs } from './talent.table';

/** Whether a member has a part in the gig of the outer query: hired, bid on it or invited to. */
function hasPart(db: DbOrTx, userId: string): SQL {
  return or(
    eq(gigs.talentId, userId),
    exists(
      db
        .select({ one: sql`1` })
        .from(bids)
        .where(and(eq(bids.gigId, gigs.id), eq(bids.bidderId, userId))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(gigInvitations)
        .where(and(eq(gigInvitations.gigId, gigs.id), eq(gigInvitations.talentId, userId))),
    ),
  )!;
}

/** Chat's `gig` context (decision 048): a conversation about a gig is between its poster and someone with a part in it. */
export async function gigTakesPart(db: DbOrTx, gigId: string, [a, b]: readonly [string, string]): Promise<boolean> {
  if (!UUID.test(gigId)) return false;
  const [row] = await db
    .select({ id: gigs.id })
    .from(gigs)
    .where(
      and(eq(gigs.id, gigId), or(and(eq(gigs.posterId, a), hasPart(db, b)), and(eq(gigs.posterId, b), hasPart(db, a)))),
    )
    .limit(1);
  return Boolean(row);
}
