import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TReportKind, TReportStatus, TReportThread } from '#shared/reports/reports.schemas';
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
    /**
     * The conversation around it, with senders' names, copied at report time. Admin-only and kept
     * after the messages are deleted or an account is erased (legitimate interest, decision 054).
     */
    thread: jsonb('thread').$type<TReportThread>(),
    status: text('status').$type<TReportStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_status_created_idx').on(t.status, t.createdAt)],
);

export type ReportRow = typeof reports.$inferSelect;
