import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { portfolioItems, type PortfolioItemRow } from './talent.table';

export type { PortfolioItemRow } from './talent.table';
export type NewPortfolioItem = typeof portfolioItems.$inferInsert;

/** A talent's portfolio items. */
export const portfolioRepo = {
  of: (db: DbOrTx, userId: string) =>
    db
      .select()
      .from(portfolioItems)
      .where(eq(portfolioItems.userId, userId))
      .orderBy(asc(portfolioItems.createdAt), asc(portfolioItems.id)),

  async countOf(db: DbOrTx, userId: string): Promise<number> {
    const [held] = await db.select({ n: count() }).from(portfolioItems).where(eq(portfolioItems.userId, userId));
    return held?.n ?? 0;
  },

  async insert(db: DbOrTx, v: NewPortfolioItem): Promise<PortfolioItemRow> {
    const [row] = await db.insert(portfolioItems).values(v).returning();
    return row!;
  },

  /** Removes the item if it is the member's; answers the ids removed. */
  remove: (db: DbOrTx, userId: string, id: string) =>
    db
      .delete(portfolioItems)
      .where(and(eq(portfolioItems.id, id), eq(portfolioItems.userId, userId)))
      .returning({ id: portfolioItems.id }),

  /** Which of these uploads a portfolio item shows. */
  async uploadsInUse(db: DbOrTx, ids: string[]): Promise<string[]> {
    const rows = await db.execute<{ id: string }>(
      sql`select distinct u.id::text as id from ${portfolioItems}, unnest(${portfolioItems.imageUploadIds}) as u(id) where u.id = any(${sql`array[${sql.join(
        ids.map((i) => sql`${i}::uuid`),
        sql`, `,
      )}]`})`,
    );
    return rows.rows.map((r) => r.id);
  },
};
