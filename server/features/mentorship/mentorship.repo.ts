import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import {
  LIVE_STATUSES,
  type TApplicationStatus,
  type TSubscriptionStatus,
} from '#shared/mentorship/mentorship.schemas';
import { people, personColumns } from '../accounts';
import { mentorApplications, mentorPlans, mentorSubscriptions } from './mentorship.table';

export type ApplicationRow = typeof mentorApplications.$inferSelect;
export type PlanRow = typeof mentorPlans.$inferSelect;
export type SubscriptionRow = typeof mentorSubscriptions.$inferSelect;
export type NewSubscription = typeof mentorSubscriptions.$inferInsert;

const live = inArray(mentorSubscriptions.status, [...LIVE_STATUSES]);

/** Applications, plans and subscriptions: the only file of mentorship's core that talks to Drizzle. */
export const mentorshipRepo = {
  async insertApplication(
    db: DbOrTx,
    values: typeof mentorApplications.$inferInsert,
  ): Promise<ApplicationRow | undefined> {
    const [row] = await db.insert(mentorApplications).values(values).onConflictDoNothing().returning();
    return row;
  },

  applicationsOf: (db: DbOrTx, userId: string) =>
    db
      .select()
      .from(mentorApplications)
      .where(eq(mentorApplications.userId, userId))
      .orderBy(desc(mentorApplications.createdAt)),

  async applicationsByStatus(db: DbOrTx, status: TApplicationStatus, now: Date) {
    const p = people('applicant');
    return db
      .select({ application: mentorApplications, applicant: personColumns(p, now) })
      .from(mentorApplications)
      .innerJoin(p, eq(p.id, mentorApplications.userId))
      .where(eq(mentorApplications.status, status))
      .orderBy(status === 'pending' ? asc(mentorApplications.createdAt) : desc(mentorApplications.decidedAt))
      .limit(200);
  },

  async findApplication(db: DbOrTx, id: string): Promise<ApplicationRow | undefined> {
    const [row] = await db.select().from(mentorApplications).where(eq(mentorApplications.id, id)).limit(1);
    return row;
  },

  /** pending -> approved | rejected, once. */
  async decideApplication(
    tx: DbOrTx,
    id: string,
    values: { status: TApplicationStatus; decidedBy: string; decisionNote: string | null; decidedAt: Date },
  ) {
    const [row] = await tx
      .update(mentorApplications)
      .set(values)
      .where(and(eq(mentorApplications.id, id), eq(mentorApplications.status, 'pending')))
      .returning();
    return row;
  },

  /** The approved application that made the member a mentor, the newest one. */
  async approvedOf(db: DbOrTx, userId: string): Promise<ApplicationRow | undefined> {
    const [row] = await db
      .select()
      .from(mentorApplications)
      .where(and(eq(mentorApplications.userId, userId), eq(mentorApplications.status, 'approved')))
      .orderBy(desc(mentorApplications.decidedAt))
      .limit(1);
    return row;
  },

  async insertPlan(db: DbOrTx, values: typeof mentorPlans.$inferInsert): Promise<PlanRow> {
    const [row] = await db.insert(mentorPlans).values(values).returning();
    return row!;
  },

  async findPlan(db: DbOrTx, id: string): Promise<PlanRow | undefined> {
    const [row] = await db.select().from(mentorPlans).where(eq(mentorPlans.id, id)).limit(1);
    return row;
  },

  /** Plans of one mentor, oldest first, with their live subscriber counts. */
  async plansOf(db: DbOrTx, mentorId: string, onlyActive: boolean) {
    const subscribers = db
      .select({ planId: mentorSubscriptions.planId, n: count().as('n') })
      .from(mentorSubscriptions)
      .where(and(eq(mentorSubscriptions.mentorId, mentorId), live))
      .groupBy(mentorSubscriptions.planId)
      .as('subs');
    return db
      .select({ plan: mentorPlans, subscribers: sql<number>`coalesce(${subscribers.n}, 0)::int` })
      .from(mentorPlans)
      .leftJoin(subscribers, eq(subscribers.planId, mentorPlans.id))
      .where(and(eq(mentorPlans.mentorId, mentorId), onlyActive ? eq(mentorPlans.active, true) : undefined))
      .orderBy(asc(mentorPlans.createdAt));
  },

  /** The mentor's plans locked, so that two creations cannot both pass the limit of active plans. */
  async lockPlansOf(tx: DbOrTx, mentorId: string): Promise<PlanRow[]> {
    return tx.select().from(mentorPlans).where(eq(mentorPlans.mentorId, mentorId)).for('update');
  },

  async lockPlan(tx: DbOrTx, id: string): Promise<PlanRow | undefined> {
    const [row] = await tx.select().from(mentorPlans).where(eq(mentorPlans.id, id)).for('update').limit(1);
    return row;
  },

  async updatePlan(tx: DbOrTx, id: string, values: Partial<typeof mentorPlans.$inferInsert>): Promise<PlanRow> {
    const [row] = await tx.update(mentorPlans).set(values).where(eq(mentorPlans.id, id)).returning();
    return row!;
  },

  async deletePlan(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(mentorPlans).where(eq(mentorPlans.id, id));
  },

  async hasAnySubscription(db: DbOrTx, planId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: mentorSubscriptions.id })
      .from(mentorSubscriptions)
      .where(eq(mentorSubscriptions.planId, planId))
      .limit(1);
    return Boolean(row);
  },

  async liveCount(db: DbOrTx, planId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(mentorSubscriptions)
      .where(and(eq(mentorSubscriptions.planId, planId), live));
    return row?.n ?? 0;
  },

  async liveSubscription(db: DbOrTx, planId: string, menteeId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(mentorSubscriptions)
      .where(and(eq(mentorSubscriptions.planId, planId), eq(mentorSubscriptions.menteeId, menteeId), live))
      .limit(1);
    return row;
  },

  /** Inserts a subscription unless the mentee already has a live one on the plan (the partial unique index). */
  async insertSubscription(tx: DbOrTx, values: NewSubscription): Promise<SubscriptionRow | undefined> {
    const [row] = await tx.insert(mentorSubscriptions).values(values).onConflictDoNothing().returning();
    return row;
  },

  async findSubscription(db: DbOrTx, id: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(mentorSubscriptions).where(eq(mentorSubscriptions.id, id)).limit(1);
    return row;
  },

  /** The subscription a gateway renews with this mandate (a Stripe subscription id). */
  async findByMandate(db: DbOrTx, gateway: string, mandate: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(mentorSubscriptions)
      .where(
        and(
          eq(mentorSubscriptions.gateway, gateway),
          sql`(${mentorSubscriptions.gatewayRef}->>'mandate') = ${mandate}`,
        ),
      )
      .orderBy(desc(mentorSubscriptions.createdAt))
      .limit(1);
    return row;
  },

  async lockSubscription(tx: DbOrTx, id: string): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .select()
      .from(mentorSubscriptions)
      .where(eq(mentorSubscriptions.id, id))
      .for('update')
      .limit(1);
    return row;
  },

  /** A conditional change: only from one of `from`; undefined when the state moved meanwhile. */
  async updateSubscription(
    tx: DbOrTx,
    id: string,
    from: readonly TSubscriptionStatus[],
    values: Partial<NewSubscription>,
  ): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .update(mentorSubscriptions)
      .set(values)
      .where(and(eq(mentorSubscriptions.id, id), inArray(mentorSubscriptions.status, [...from])))
      .returning();
    return row;
  },

  /** Subscriptions with both people and the plan's name, for one side. */
  async subscriptionsWithPeople(db: DbOrTx, where: { mentorId?: string; menteeId?: string; id?: string }, now: Date) {
    const mentor = people('mentor');
    const mentee = people('mentee');
    return db
      .select({
        subscription: mentorSubscriptions,
        planName: mentorPlans.name,
        mentor: personColumns(mentor, now),
        mentee: personColumns(mentee, now),
      })
      .from(mentorSubscriptions)
      .innerJoin(mentorPlans, eq(mentorPlans.id, mentorSubscriptions.planId))
      .innerJoin(mentor, eq(mentor.id, mentorSubscriptions.mentorId))
      .innerJoin(mentee, eq(mentee.id, mentorSubscriptions.menteeId))
      .where(
        and(
          where.mentorId ? eq(mentorSubscriptions.mentorId, where.mentorId) : undefined,
          where.menteeId ? eq(mentorSubscriptions.menteeId, where.menteeId) : undefined,
          where.id ? eq(mentorSubscriptions.id, where.id) : undefined,
        ),
      )
      .orderBy(desc(mentorSubscriptions.createdAt))
      .limit(500);
  },

  async planNames(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: mentorPlans.id, name: mentorPlans.name, mentorId: mentorPlans.mentorId })
      .from(mentorPlans)
      .where(inArray(mentorPlans.id, ids));
  },

  async subscriptionNames(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: mentorSubscriptions.id, name: mentorPlans.name, mentorId: mentorSubscriptions.mentorId })
      .from(mentorSubscriptions)
      .innerJoin(mentorPlans, eq(mentorPlans.id, mentorSubscriptions.planId))
      .where(inArray(mentorSubscriptions.id, ids));
  },

  async menteeCount(db: DbOrTx, mentorId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${mentorSubscriptions.menteeId})::int` })
      .from(mentorSubscriptions)
      .where(and(eq(mentorSubscriptions.mentorId, mentorId), live));
    return row?.n ?? 0;
  },

  /** Whether the mentee ever subscribed to the plan (a free trial is given once). */
  async everSubscribed(db: DbOrTx, planId: string, menteeId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: mentorSubscriptions.id })
      .from(mentorSubscriptions)
      .where(and(eq(mentorSubscriptions.planId, planId), eq(mentorSubscriptions.menteeId, menteeId)))
      .limit(1);
    return Boolean(row);
  },
};
