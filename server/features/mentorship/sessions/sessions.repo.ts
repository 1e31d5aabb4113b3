import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { people, personColumns } from '#server/features/accounts';
import { mentorPlans, mentorSubscriptions } from '../mentorship.table';
import {
  mentorAvailability,
  mentorAvailabilityOverrides,
  mentorSessionFlags,
  mentorSessions,
  type MentorSessionRow,
  type WeeklyRule,
} from './sessions.table';

export type { MentorOverrideRow, MentorSessionRow, WeeklyRule } from './sessions.table';

/** The subscription statuses that may book (a paused or unpaid one may not). */
export const BOOKING_STATUSES = ['trialing', 'active'] as const;

const subscriptionColumns = {
  id: mentorSubscriptions.id,
  mentorId: mentorSubscriptions.mentorId,
  menteeId: mentorSubscriptions.menteeId,
  status: mentorSubscriptions.status,
  sessionsPerMonth: mentorSubscriptions.sessionsPerMonth,
  sessionMinutes: mentorSubscriptions.sessionMinutes,
  currentPeriodStart: mentorSubscriptions.currentPeriodStart,
  currentPeriodEnd: mentorSubscriptions.currentPeriodEnd,
};
export type SubscriptionTerms = {
  [K in keyof typeof subscriptionColumns]: (typeof subscriptionColumns)[K]['_']['data'];
};

/** Sessions that take a place in the period: everything but a cancellation that did not count. */
const usesAllowance = or(ne(mentorSessions.status, 'cancelled'), eq(mentorSessions.countsAsUsed, true));

export const sessionsRepo = {
  async availability(db: DbOrTx, mentorId: string) {
    const [row] = await db.select().from(mentorAvailability).where(eq(mentorAvailability.mentorId, mentorId));
    return row;
  },

  async saveAvailability(
    db: DbOrTx,
    row: {
      mentorId: string;
      timeZone: string;
      weekly: WeeklyRule[];
      bufferMinutes?: number;
      minNoticeHours?: number;
      horizonDays?: number;
      updatedAt: Date;
    },
  ) {
    const set = Object.fromEntries(Object.entries(row).filter(([k, v]) => k !== 'mentorId' && v !== undefined));
    await db.insert(mentorAvailability).values(row).onConflictDoUpdate({ target: mentorAvailability.mentorId, set });
  },

  overrides(db: DbOrTx, mentorId: string, fromDate?: string, toDate?: string) {
    return db
      .select()
      .from(mentorAvailabilityOverrides)
      .where(
        and(
          eq(mentorAvailabilityOverrides.mentorId, mentorId),
          fromDate ? gte(mentorAvailabilityOverrides.date, fromDate) : undefined,
          toDate ? sql`${mentorAvailabilityOverrides.date} <= ${toDate}` : undefined,
        ),
      )
      .orderBy(asc(mentorAvailabilityOverrides.date), asc(mentorAvailabilityOverrides.start));
  },

  async addOverride(db: DbOrTx, row: typeof mentorAvailabilityOverrides.$inferInsert) {
    const [created] = await db.insert(mentorAvailabilityOverrides).values(row).returning();
    return created!;
  },

  async removeOverride(db: DbOrTx, mentorId: string, id: string): Promise<boolean> {
    const gone = await db
      .delete(mentorAvailabilityOverrides)
      .where(and(eq(mentorAvailabilityOverrides.id, id), eq(mentorAvailabilityOverrides.mentorId, mentorId)))
      .returning({ id: mentorAvailabilityOverrides.id });
    return gone.length > 0;
  },

  /** The shortest session length among the mentor's active plans, when there are any. */
  async shortestPlanMinutes(db: DbOrTx, mentorId: string): Promise<number | null> {
    const [row] = await db
      .select({ m: sql<number | null>`min(${mentorPlans.sessionMinutes})` })
      .from(mentorPlans)
      .where(and(eq(mentorPlans.mentorId, mentorId), eq(mentorPlans.active, true)));
    return row?.m ?? null;
  },

  /** Read-only: the terms of a subscription (owned by decision 031's code); `lock` serialises bookings on it. */
  async subscription(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<SubscriptionTerms | undefined> {
    const query = db.select(subscriptionColumns).from(mentorSubscriptions).where(eq(mentorSubscriptions.id, id));
    const [row] = opts.lock ? await query.for('update') : await query;
    return row;
  },

  async liveSubscriptionOf(db: DbOrTx, menteeId: string, mentorId: string): Promise<SubscriptionTerms | undefined> {
    const [row] = await db
      .select(subscriptionColumns)
      .from(mentorSubscriptions)
      .where(
        and(
          eq(mentorSubscriptions.menteeId, menteeId),
          eq(mentorSubscriptions.mentorId, mentorId),
          inArray(mentorSubscriptions.status, [...BOOKING_STATUSES]),
        ),
      )
      .orderBy(desc(mentorSubscriptions.currentPeriodEnd))
      .limit(1);
    return row;
  },

  /** The mentee's subscriptions that may book, with their mentor as a person. */
  liveSubscriptionsOf(db: DbOrTx, menteeId: string, now: Date) {
    const mentor = people('allowance_mentor');
    return db
      .select({ sub: subscriptionColumns, mentor: personColumns(mentor, now) })
      .from(mentorSubscriptions)
      .innerJoin(mentor, eq(mentor.id, mentorSubscriptions.mentorId))
      .where(
        and(eq(mentorSubscriptions.menteeId, menteeId), inArray(mentorSubscriptions.status, [...BOOKING_STATUSES])),
      )
      .orderBy(asc(mentorSubscriptions.createdAt));
  },

  async usedInPeriod(db: DbOrTx, subscriptionId: string, from: Date, to: Date, exceptId?: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(mentorSessions)
      .where(
        and(
          eq(mentorSessions.subscriptionId, subscriptionId),
          gte(mentorSessions.startAt, from),
          lt(mentorSessions.startAt, to),
          usesAllowance,
          exceptId ? ne(mentorSessions.id, exceptId) : undefined,
        ),
      );
    return row?.n ?? 0;
  },

  /** The mentor's sessions that block time between these instants (buffers reach back at most `reach`). */
  busy(db: DbOrTx, mentorId: string, from: Date, to: Date, reachMs: number) {
    return db
      .select({
        id: mentorSessions.id,
        startAt: mentorSessions.startAt,
        endAt: mentorSessions.endAt,
        bufferMinutes: mentorSessions.bufferMinutes,
      })
      .from(mentorSessions)
      .where(
        and(
          eq(mentorSessions.mentorId, mentorId),
          ne(mentorSessions.status, 'cancelled'),
          gte(mentorSessions.startAt, new Date(from.getTime() - reachMs)),
          lt(mentorSessions.startAt, to),
        ),
      )
      .orderBy(asc(mentorSessions.startAt));
  },

  /**
   * Bookings and moves into one mentor's calendar take turns until the transaction ends. Without
   * this, rows inserted at once for one slot all wait on each other in the exclusion
   * constraint's check, and PostgreSQL ends the circle with "deadlock detected" (40P01) instead
   * of the overlap error. Taken last, after the subscription's row, so no order can circle.
   */
  async lockMentorCalendar(db: DbOrTx, mentorId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mentor-calendar:${mentorId}`}, 0))`);
  },

  async insertSession(db: DbOrTx, row: typeof mentorSessions.$inferInsert): Promise<MentorSessionRow> {
    const [created] = await db.insert(mentorSessions).values(row).returning();
    return created!;
  },

  async find(db: DbOrTx, id: string): Promise<MentorSessionRow | undefined> {
    const [row] = await db.select().from(mentorSessions).where(eq(mentorSessions.id, id));
    return row;
  },

  /** Moves a booked session that still starts when the caller read it (a conditional update). */
  async move(
    db: DbOrTx,
    id: string,
    expectedStart: Date,
    next: { startAt: Date; endAt: Date; bufferMinutes: number; updatedAt: Date },
  ) {
    const [row] = await db
      .update(mentorSessions)
      .set({ ...next, rescheduleCount: sql`${mentorSessions.rescheduleCount} + 1` })
      .where(
        and(eq(mentorSessions.id, id), eq(mentorSessions.status, 'booked'), eq(mentorSessions.startAt, expectedStart)),
      )
      .returning();
    return row;
  },

  async cancel(db: DbOrTx, id: string, expectedStart: Date, by: string, countsAsUsed: boolean, at: Date) {
    const [row] = await db
      .update(mentorSessions)
      .set({ status: 'cancelled', cancelledBy: by, cancelledAt: at, countsAsUsed, updatedAt: at })
      .where(
        and(eq(mentorSessions.id, id), eq(mentorSessions.status, 'booked'), eq(mentorSessions.startAt, expectedStart)),
      )
      .returning();
    return row;
  },

  async complete(
    db: DbOrTx,
    id: string,
    expectedStart: Date,
    noShow: { mentorNoShow: boolean; menteeNoShow: boolean },
    at: Date,
  ) {
    const [row] = await db
      .update(mentorSessions)
      .set({ status: 'completed', ...noShow, updatedAt: at })
      .where(
        and(eq(mentorSessions.id, id), eq(mentorSessions.status, 'booked'), eq(mentorSessions.startAt, expectedStart)),
      )
      .returning();
    return row;
  },

  async mentorNoShowsSince(db: DbOrTx, mentorId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(mentorSessions)
      .where(
        and(
          eq(mentorSessions.mentorId, mentorId),
          eq(mentorSessions.mentorNoShow, true),
          gte(mentorSessions.startAt, since),
        ),
      );
    return row?.n ?? 0;
  },

  async openFlag(db: DbOrTx, mentorId: string) {
    const [row] = await db
      .select()
      .from(mentorSessionFlags)
      .where(and(eq(mentorSessionFlags.mentorId, mentorId), isNull(mentorSessionFlags.clearedAt)));
    return row;
  },

  async flag(db: DbOrTx, mentorId: string, noShows: number, at: Date) {
    await db.insert(mentorSessionFlags).values({ mentorId, noShows, flaggedAt: at }).onConflictDoNothing();
  },

  openFlags(db: DbOrTx) {
    return db
      .select()
      .from(mentorSessionFlags)
      .where(isNull(mentorSessionFlags.clearedAt))
      .orderBy(desc(mentorSessionFlags.flaggedAt));
  },

  async clearFlag(db: DbOrTx, mentorId: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(mentorSessionFlags)
      .set({ clearedAt: at })
      .where(and(eq(mentorSessionFlags.mentorId, mentorId), isNull(mentorSessionFlags.clearedAt)))
      .returning({ mentorId: mentorSessionFlags.mentorId });
    return rows.length > 0;
  },

  async attendance(db: DbOrTx, mentorId: string) {
    const [row] = await db
      .select({
        checked: count(),
        attended: sql<number>`count(*) filter (where ${mentorSessions.mentorNoShow} = false)`.mapWith(Number),
      })
      .from(mentorSessions)
      .where(and(eq(mentorSessions.mentorId, mentorId), eq(mentorSessions.status, 'completed')));
    return { checked: row?.checked ?? 0, attended: row?.attended ?? 0 };
  },

  /** One side's sessions with both people, newest last. */
  list(
    db: DbOrTx,
    userId: string,
    role: 'mentor' | 'mentee' | null,
    scope: { after?: Date; before?: Date; live?: boolean },
    now: Date,
  ) {
    const mentor = people('mentor_person');
    const mentee = people('mentee_person');
    const side =
      role === 'mentor'
        ? eq(mentorSessions.mentorId, userId)
        : role === 'mentee'
          ? eq(mentorSessions.menteeId, userId)
          : or(eq(mentorSessions.mentorId, userId), eq(mentorSessions.menteeId, userId));
    return db
      .select({ session: mentorSessions, mentor: personColumns(mentor, now), mentee: personColumns(mentee, now) })
      .from(mentorSessions)
      .innerJoin(mentor, eq(mentor.id, mentorSessions.mentorId))
      .innerJoin(mentee, eq(mentee.id, mentorSessions.menteeId))
      .where(
        and(
          side,
          scope.after ? gt(mentorSessions.endAt, scope.after) : undefined,
          scope.before ? lt(mentorSessions.endAt, scope.before) : undefined,
          scope.live ? eq(mentorSessions.status, 'booked') : undefined,
        ),
      )
      .orderBy(asc(mentorSessions.startAt))
      .limit(200);
  },
};
