import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TReportKind, TReportStatus } from '#shared/reports/reports.schemas';
import { users } from '../accounts/accounts.table';

/** A member's report of something or someone, with what it said when it was reported. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<TReportKind>().notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    /** Evidence copied at report time: an edit or delete afterwards cannot hide it. */
    excerpt: jsonb('excerpt').notNull(),
    status: text('status').$type<TReportStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_status_created_idx').on(t.status, t.createdAt)],
);

export type ReportRow = typeof reports.$inferSelect;
