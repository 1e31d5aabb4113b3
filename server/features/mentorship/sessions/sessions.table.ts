import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#server/features/accounts/accounts.table';
import { mentorSubscriptions } from '../mentorship.table';

/** One weekly rule: local wall time in the mentor's zone ('HH:MM', end may be '24:00'); weekday 0 = Sunday. */
export interface WeeklyRule {
  weekday: number;
  start: string;
  end: string;
}

/**
 * A mentor's schedule (decision 032): weekly rules as local wall time plus an IANA zone, so a
 * schedule keeps its hours across daylight saving; sessions are stored as UTC instants.
 */
export const mentorAvailability = pgTable(
  'mentor_availability',
  {
    mentorId: uuid('mentor_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull().default('Africa/Lagos'),
    weekly: jsonb('weekly')
      .$type<WeeklyRule[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    minNoticeHours: integer('min_notice_hours').notNull().default(12),
    horizonDays: integer('horizon_days').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('mentor_availability_buffer_check', sql`${t.bufferMinutes} between 0 and 240`),
    check('mentor_availability_notice_check', sql`${t.minNoticeHours} between 0 and 720`),
    check('mentor_availability_horizon_check', sql`${t.horizonDays} between 1 and 365`),
  ],
);

/** A date in the mentor's zone that differs from the week: a day off, or extra hours. */
export const mentorAvailabilityOverrides = pgTable(
  'mentor_availability_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** off | extra */
    kind: text('kind').notNull(),
    start: text('start'),
    end: text('end'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mentor_availability_overrides_mentor_date_idx').on(t.mentorId, t.date)],
);

/**
 * A booked session. `status`: booked -> completed (attendance checked) | cancelled. Overlaps of a
 * mentor's live sessions, buffer included, are refused by an exclusion constraint in the custom
 * migration (mentorbook_custom), never only by a check in the code.
 */
export const mentorSessions = pgTable(
  'mentor_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    menteeId: uuid('mentee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => mentorSubscriptions.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** The mentor's buffer when booked: the session blocks [start, end + buffer). */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    status: text('status').notNull().default('booked'),
    /** A late cancellation by the mentee still uses one of the period's sessions. */
    countsAsUsed: boolean('counts_as_used').notNull().default(true),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    mentorNoShow: boolean('mentor_no_show'),
    menteeNoShow: boolean('mentee_no_show'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mentor_sessions_mentor_start_idx').on(t.mentorId, t.startAt),
    index('mentor_sessions_mentee_start_idx').on(t.menteeId, t.startAt),
    index('mentor_sessions_subscription_idx').on(t.subscriptionId, t.startAt),
    check('mentor_sessions_order_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** Mentors flagged for the admin: three no-shows in 90 days (decision 032). */
export const mentorSessionFlags = pgTable(
  'mentor_session_flags',
  {
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull(),
    noShows: integer('no_shows').notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.mentorId, t.flaggedAt] })],
);

export type MentorAvailabilityRow = typeof mentorAvailability.$inferSelect;
export type MentorOverrideRow = typeof mentorAvailabilityOverrides.$inferSelect;
export type MentorSessionRow = typeof mentorSessions.$inferSelect;
