import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * The shared core of mentorship (decision 031): applications to mentor, a mentor's plans and the
 * subscriptions bought on them. Availability and booked sessions build on these (decision 032).
 */
export const mentorApplications = pgTable(
  'mentor_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Skill slugs of the shared vocabulary, as applied for. */
    expertise: text('expertise')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    yearsExperience: integer('years_experience').notNull(),
    currentRole: text('current_role'),
    company: text('company'),
    bio: text('bio').notNull(),
    linkUrl: text('link_url'),
    motivation: text('motivation').notNull(),
    /** Plans the applicant proposes, free-form: the mentor creates real plans after approval. */
    proposedPlans: text('proposed_plans'),
    /** Whether approval makes mentor the primary role (the applicant's choice; yes by default). */
    makePrimary: boolean('make_primary').notNull().default(true),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One pending application at a time, enforced by the database.
    uniqueIndex('mentor_applications_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('mentor_applications_status_created_idx').on(t.status, t.createdAt),
  ],
);

export const mentorPlans = pgTable(
  'mentor_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Monthly price in minor units (kobo for NGN); 0 is a free plan. */
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('NGN'),
    sessionsPerMonth: integer('sessions_per_month').notNull(),
    /** 30, 45 or 60. */
    sessionMinutes: integer('session_minutes').notNull(),
    /** The chat response time the mentor promises, in hours. */
    responseHours: integer('response_hours'),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    trialDays: integer('trial_days').notNull().default(0),
    menteeLimit: integer('mentee_limit'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mentor_plans_mentor_idx').on(t.mentorId, t.active),
    check('mentor_plans_price_check', sql`${t.priceMinor} >= 0`),
    check('mentor_plans_minutes_check', sql`${t.sessionMinutes} in (30, 45, 60)`),
  ],
);

/**
 * A mentee's subscription to a plan, in 30-day periods. The plan's terms are copied at purchase so a
 * later price or allowance change applies to new subscriptions only.
 */
export const mentorSubscriptions = pgTable(
  'mentor_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => mentorPlans.id, { onDelete: 'restrict' }),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    menteeId: uuid('mentee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** trialing | active | past_due | paused | cancelled | expired */
    status: text('status').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    sessionsPerMonth: integer('sessions_per_month').notNull(),
    sessionMinutes: integer('session_minutes').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    lastPausedAt: timestamp('last_paused_at', { withTimezone: true }),
    /** The gateway of the first payment; with `gatewayRef`, the one that renews it (decision 034). */
    gateway: text('gateway'),
    /**
     * What the gateway renews with: a Stripe subscription id, or a Paystack card authorization
     * sealed by its adapter (a secret: no presenter or export reads this column).
     */
    gatewayRef: jsonb('gateway_ref').$type<{ mandate: string; renews: 'gateway' | 'charge' }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // One live subscription per mentee per plan: a replayed payment cannot make a second.
    uniqueIndex('mentor_subscriptions_live_idx')
      .on(t.planId, t.menteeId)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due', 'paused')`),
    index('mentor_subscriptions_mentor_idx').on(t.mentorId, t.status),
    index('mentor_subscriptions_mentee_idx').on(t.menteeId, t.status),
    // A gateway's webhook names its subscription: found without a scan.
    index('mentor_subscriptions_mandate_idx').on(t.gateway, sql`(${t.gatewayRef}->>'mandate')`),
  ],
);
