import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/** One 1:1 call; its id is the room (`/video-call?room=<id>`, socket room `call:<id>`). */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the call belongs to (`conversation`, `session`); its registered resolver says who may enter. */
    sourceKind: text('source_kind').notNull(),
    sourceId: text('source_id').notNull(),
    memberA: uuid('member_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberB: uuid('member_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The caller; the other member is the callee, the polite peer. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A booked call's start: members enter from 10 minutes before. Null: open at once. */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the member who never joined was told they missed it: once per call. */
    missedNotifiedAt: timestamp('missed_notified_at', { withTimezone: true }),
    /** The last ring of the member who was not in (ring.ts): ringing, answered, declined, missed, busy, cancelled. */
    ringState: text('ring_state'),
    /** When that ring began: its timeout job carries it, so a stale job ends no later ring. */
    ringStartedAt: timestamp('ring_started_at', { withTimezone: true }),
  },
  (t) => [
    // One open call per source: both members pressing "Call" land in the same room.
    uniqueIndex('calls_open_source_idx')
      .on(t.sourceKind, t.sourceId)
      .where(sql`ended_at is null`),
    index('calls_source_idx').on(t.sourceKind, t.sourceId, t.createdAt),
  ],
);

/** Who had the call open when: a row per page that joined (mentorship reads attendance from it). */
export const callAttendance = pgTable(
  'call_attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [index('call_attendance_call_idx').on(t.callId, t.joinedAt)],
);

export type CallRow = typeof calls.$inferSelect;
export type CallAttendanceRow = typeof callAttendance.$inferSelect;
