import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { accountRecords, suspensionRecords } from '../accounts';
import { adminConfirmations, adminQueueClaims, suspensionAppeals } from './admin.table';

export type AppealRow = typeof suspensionAppeals.$inferSelect;

/** Appeals against a suspension: the member's form and the admins' "appeals" queue. */
export const adminAppealsRepo = {
  /** The member's latest appeal against this suspension. */
  async latest(db: DbOrTx, userId: string, suspensionId: string): Promise<AppealRow | undefined> {
    const [row] = await db
      .select()
      .from(suspensionAppeals)
      .where(and(eq(suspensionAppeals.userId, userId), eq(suspensionAppeals.suspensionId, suspensionId)))
      .orderBy(desc(suspensionAppeals.createdAt))
      .limit(1);
    return row;
  },

  async countOpen(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(suspensionAppeals).where(eq(suspensionAppeals.status, 'open'));
    return row?.n ?? 0;
  },

  /** A page of open appeals, oldest first, with the suspension and who appeals. */
  openPage(db: DbOrTx, page: { limit: number; offset: number }) {
    const suspension = suspensionRecords('suspension');
    const member = accountRecords('member');
    return db
      .select({
        appeal: suspensionAppeals,
        suspension: suspension._.selectedFields,
        username: member.username,
        fullName: member.fullName,
      })
      .from(suspensionAppeals)
      .innerJoin(suspension, eq(suspension.id, suspensionAppeals.suspensionId))
      .innerJoin(member, eq(member.id, suspensionAppeals.userId))
      .where(eq(suspensionAppeals.status, 'open'))
      .orderBy(asc(suspensionAppeals.createdAt), asc(suspensionAppeals.id))
      .limit(page.limit)
      .offset(page.offset);
  },

  /** Decides an open appeal; undefined when it was already decided. */
  async decide(
    db: DbOrTx,
    id: string,
    v: { status: 'granted' | 'denied'; decidedBy: string; decidedAt: Date; decisionNote: string | null },
  ): Promise<AppealRow | undefined> {
    const [row] = await db
      .update(suspensionAppeals)
      .set(v)
      .where(and(eq(suspensionAppeals.id, id), eq(suspensionAppeals.status, 'open')))
      .returning();
    return row;
  },

  async insert(db: DbOrTx, v: { userId: string; suspensionId: string; message: string }): Promise<AppealRow> {
    const [row] = await db.insert(suspensionAppeals).values(v).returning();
    return row!;
  },

  /** The member's appeals, for their data export. */
  ofMember: (db: DbOrTx, userId: string) =>
    db.select().from(suspensionAppeals).where(eq(suspensionAppeals.userId, userId)),

  /** The member's appeals, and the claims and confirmations they held as an admin. */
  async eraseMember(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(suspensionAppeals).where(eq(suspensionAppeals.userId, userId));
    await db.delete(adminQueueClaims).where(eq(adminQueueClaims.adminId, userId));
    await db.delete(adminConfirmations).where(eq(adminConfirmations.adminId, userId));
  },
};
