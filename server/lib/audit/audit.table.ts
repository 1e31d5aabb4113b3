import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '#server/features/accounts/accounts.table';

/**
 * What admins did. Append-only: the repository only inserts and reads, and a trigger (migration
 * 0002) refuses UPDATE and DELETE. An admin with history cannot be hard-deleted (restrict).
 * `target` is the older "type:id" form, kept for entries written before the console (decision 027).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('admin_audit_log_admin_idx').on(t.adminId),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
    index('admin_audit_log_action_created_idx').on(t.action, t.createdAt),
  ],
);
