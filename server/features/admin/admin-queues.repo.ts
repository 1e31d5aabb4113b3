import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { accountRecords } from '../accounts';
import { adminQueueClaims } from './admin.table';

/** Who is working on which queue item: one claim per item, lapsing after `fresh`. */
export const adminQueuesRepo = {
  /** Takes the item unless another admin holds a claim made since `fresh`: one conditional upsert. */
  async claim(
    db: DbOrTx,
    v: { kind: string; itemId: string; adminId: string; claimedAt: Date },
    fresh: Date,
  ): Promise<void> {
    await db
      .insert(adminQueueClaims)
      .values(v)
      .onConflictDoUpdate({
        target: [adminQueueClaims.kind, adminQueueClaims.itemId],
        set: { adminId: v.adminId, claimedAt: v.claimedAt },
        setWhere: or(eq(adminQueueClaims.adminId, v.adminId), lt(adminQueueClaims.claimedAt, fresh)),
      });
  },

  /** The claims made since `fresh` on these items, with the holder's name. */
  claims(db: DbOrTx, kind: string, ids: string[], fresh: Date) {
    const holder = accountRecords('holder');
    return db
      .select({
        itemId: adminQueueClaims.itemId,
        adminId: adminQueueClaims.adminId,
        adminName: holder.fullName,
        claimedAt: adminQueueClaims.claimedAt,
      })
      .from(adminQueueClaims)
      .innerJoin(holder, eq(holder.id, adminQueueClaims.adminId))
      .where(
        and(
          eq(adminQueueClaims.kind, kind),
          inArray(adminQueueClaims.itemId, ids),
          sql`${adminQueueClaims.claimedAt} >= ${fresh}`,
        ),
      );
  },

  async release(db: DbOrTx, kind: string, itemId: string): Promise<void> {
    await db.delete(adminQueueClaims).where(and(eq(adminQueueClaims.kind, kind), eq(adminQueueClaims.itemId, itemId)));
  },
};
