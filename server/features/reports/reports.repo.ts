import { and, asc, count, desc, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client';
import type { TReportStatus } from '#shared/reports/reports.schemas';
import { reports } from './reports.table';

export type NewReport = typeof reports.$inferInsert;
export type { ReportRow } from './reports.table';

/** Members' reports: filed by the reports service, worked through the admins' queue. */
export const reportsRepo = {
  async insert(db: DbOrTx, v: NewReport) {
    const [row] = await db.insert(reports).values(v).returning({ id: reports.id, status: reports.status });
    return row!;
  },

  /** The latest 200 reports in this status, newest first. */
  inStatus: (db: DbOrTx, status: TReportStatus) =>
    db.select().from(reports).where(eq(reports.status, status)).orderBy(desc(reports.createdAt)).limit(200),

  async openCount(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));
    return row?.n ?? 0;
  },

  /** A page of open reports, oldest first. */
  openPage: (db: DbOrTx, page: { limit: number; offset: number }) =>
    db
      .select()
      .from(reports)
      .where(eq(reports.status, 'open'))
      .orderBy(asc(reports.createdAt), asc(reports.id))
      .limit(page.limit)
      .offset(page.offset),

  /** Closes an open report; undefined when it was already handled. */
  async close(db: DbOrTx, id: string, status: 'dismissed' | 'resolved') {
    const [row] = await db
      .update(reports)
      .set({ status })
      .where(and(eq(reports.id, id), eq(reports.status, 'open')))
      .returning();
    return row;
  },
};

const qb = new QueryBuilder();

/**
 * Every report's kind, target and state, without the reporter, the reason or the evidence, under
 * the name `alias`: what the admin console counts of the reports about a member.
 */
export function reportTargets(alias: string) {
  return qb
    .select({ id: reports.id, kind: reports.kind, targetId: reports.targetId, status: reports.status })
    .from(reports)
    .as(alias);
}
