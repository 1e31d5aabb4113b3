import { and, asc, eq, gt, inArray, isNull, lt, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { uploads, type UploadRow } from './uploads.table';

export type { UploadRow } from './uploads.table';

export const uploadsRepo = {
  async insert(db: DbOrTx, values: UploadRow): Promise<UploadRow> {
    const [row] = await db.insert(uploads).values(values).returning();
    return row!;
  },
  async findById(db: DbOrTx, id: string): Promise<UploadRow | undefined> {
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
    return row;
  },
  /**
   * With `lock` 'share' (a feature linking the uploads, in its transaction), garbage collection's
   * delete waits for that transaction, then sees the link.
   */
  async findMany(db: DbOrTx, ids: string[], lock?: 'share'): Promise<UploadRow[]> {
    if (ids.length === 0) return [];
    const query = db.select().from(uploads).where(inArray(uploads.id, ids));
    return lock ? query.for(lock) : query;
  },
  /** The row, locked until the transaction ends: garbage collection deciding to delete it. */
  async lockForDelete(tx: DbOrTx, id: string): Promise<UploadRow | undefined> {
    const [row] = await tx.select().from(uploads).where(eq(uploads.id, id)).for('update');
    return row;
  },
  /** The bytes a member's uploads take, for the quota. */
  async usedBytes(db: DbOrTx, ownerId: string): Promise<number> {
    const [row] = await db
      .select({ total: sum(sql`${uploads.size} + ${uploads.copiesSize}`) })
      .from(uploads)
      .where(eq(uploads.ownerId, ownerId));
    return Number(row?.total ?? 0);
  },
  /** Up to `limit` uploads made before `before`, by id after `afterId`: a page for garbage collection. */
  async createdBefore(db: DbOrTx, before: Date, afterId: string, limit: number): Promise<UploadRow[]> {
    return db
      .select()
      .from(uploads)
      .where(and(lt(uploads.createdAt, before), gt(uploads.id, afterId)))
      .orderBy(asc(uploads.id))
      .limit(limit);
  },
  /** Up to `limit` images whose WebP copies were never made. */
  async imagesWithoutVariants(db: DbOrTx, limit: number): Promise<UploadRow[]> {
    return db
      .select()
      .from(uploads)
      .where(and(eq(uploads.kind, 'image'), isNull(uploads.variantsMadeAt)))
      .orderBy(asc(uploads.id))
      .limit(limit);
  },
  async markVariantsMade(db: DbOrTx, id: string, copiesSize: number, at: Date): Promise<void> {
    await db.update(uploads).set({ variantsMadeAt: at, copiesSize }).where(eq(uploads.id, id));
  },
  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(uploads).where(eq(uploads.id, id));
  },
};
