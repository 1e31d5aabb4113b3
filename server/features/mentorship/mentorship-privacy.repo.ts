import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { LIVE_STATUSES } from '#shared/mentorship/mentorship.schemas';
import type { DbOrTx } from '#server/db/client';
import { mentorApplications, mentorPlans, mentorSubscriptions } from './mentorship.table';
import { mentorReviews } from './reviews/reviews.table';
import {
  mentorAvailability,
  mentorAvailabilityOverrides,
  mentorSessionFlags,
  mentorSessions,
} from './sessions/sessions.table';

/**
 * Mentorship's part of "Download my data" and "Delete my account" (decision 020). Erasure removes
 * the member's applications, plans and subscriptions on either side: the payments for them stay
 * (payments' own rule), describing a plan no longer available. Areas whose rows point at
 * subscriptions (booked sessions, decision 032) must be erased before this one.
 */
export const mentorshipPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    const applications = await db
      .select({
        id: mentorApplications.id,
        status: mentorApplications.status,
        expertise: mentorApplications.expertise,
        yearsExperience: mentorApplications.yearsExperience,
        currentRole: mentorApplications.currentRole,
        company: mentorApplications.company,
        bio: mentorApplications.bio,
        linkUrl: mentorApplications.linkUrl,
        motivation: mentorApplications.motivation,
        proposedPlans: mentorApplications.proposedPlans,
        decisionNote: mentorApplications.decisionNote,
        createdAt: mentorApplications.createdAt,
        decidedAt: mentorApplications.decidedAt,
      })
      .from(mentorApplications)
      .where(eq(mentorApplications.userId, userId));
    const plans = await db.select().from(mentorPlans).where(eq(mentorPlans.mentorId, userId));
    const subscriptions = await db
      .select({
        id: mentorSubscriptions.id,
        planId: mentorSubscriptions.planId,
        mentorId: mentorSubscriptions.mentorId,
        status: mentorSubscriptions.status,
        priceMinor: mentorSubscriptions.priceMinor,
        currency: mentorSubscriptions.currency,
        currentPeriodStart: mentorSubscriptions.currentPeriodStart,
        currentPeriodEnd: mentorSubscriptions.currentPeriodEnd,
        createdAt: mentorSubscriptions.createdAt,
        cancelledAt: mentorSubscriptions.cancelledAt,
      })
      .from(mentorSubscriptions)
      .where(or(eq(mentorSubscriptions.menteeId, userId), eq(mentorSubscriptions.mentorId, userId)));
    return {
      applications,
      plans,
      // Whom a mentor mentored is the mentees' data too: a mentor's side lists the subscriptions without them.
      subscriptions: subscriptions.map((s) => ({ ...s, as: s.mentorId === userId ? 'mentor' : 'mentee' })),
    };
  },

  /** The member's live subscriptions, on either side, that their gateway renews by itself (Stripe). */
  async gatewayMandates(db: DbOrTx, userId: string): Promise<Array<{ gateway: string; mandate: string }>> {
    const rows = await db
      .select({ gateway: mentorSubscriptions.gateway, ref: mentorSubscriptions.gatewayRef })
      .from(mentorSubscriptions)
      .where(
        and(
          or(eq(mentorSubscriptions.menteeId, userId), eq(mentorSubscriptions.mentorId, userId)),
          inArray(mentorSubscriptions.status, [...LIVE_STATUSES]),
          sql`${mentorSubscriptions.gatewayRef}->>'renews' = 'gateway'`,
        ),
      );
    return rows.flatMap((r) => (r.gateway && r.ref ? [{ gateway: r.gateway, mandate: r.ref.mandate }] : []));
  },

  async erase(tx: DbOrTx, userId: string): Promise<void> {
    await tx
      .delete(mentorSubscriptions)
      .where(or(eq(mentorSubscriptions.menteeId, userId), eq(mentorSubscriptions.mentorId, userId)));
    const plans = await tx.select({ id: mentorPlans.id }).from(mentorPlans).where(eq(mentorPlans.mentorId, userId));
    if (plans.length > 0)
      await tx.delete(mentorPlans).where(
        inArray(
          mentorPlans.id,
          plans.map((p) => p.id),
        ),
      );
    await tx.delete(mentorApplications).where(eq(mentorApplications.userId, userId));
    // An admin's decisions keep their outcome without naming who decided.
    await tx.update(mentorApplications).set({ decidedBy: null }).where(eq(mentorApplications.decidedBy, userId));
  },
};

/** A member's schedule, date overrides, sessions on either side and no-show flags (sessions.privacy.ts says what goes). */
export const sessionsPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    const [availability] = await db.select().from(mentorAvailability).where(eq(mentorAvailability.mentorId, userId));
    const overrides = await db
      .select({
        date: mentorAvailabilityOverrides.date,
        kind: mentorAvailabilityOverrides.kind,
        start: mentorAvailabilityOverrides.start,
        end: mentorAvailabilityOverrides.end,
      })
      .from(mentorAvailabilityOverrides)
      .where(eq(mentorAvailabilityOverrides.mentorId, userId))
      .orderBy(asc(mentorAvailabilityOverrides.date));
    const sessions = await db
      .select({
        id: mentorSessions.id,
        mentorId: mentorSessions.mentorId,
        subscriptionId: mentorSessions.subscriptionId,
        startAt: mentorSessions.startAt,
        endAt: mentorSessions.endAt,
        status: mentorSessions.status,
        countsAsUsed: mentorSessions.countsAsUsed,
        cancelledAt: mentorSessions.cancelledAt,
        mentorNoShow: mentorSessions.mentorNoShow,
        menteeNoShow: mentorSessions.menteeNoShow,
      })
      .from(mentorSessions)
      .where(or(eq(mentorSessions.mentorId, userId), eq(mentorSessions.menteeId, userId)))
      .orderBy(asc(mentorSessions.startAt));
    const flags = await db
      .select({
        flaggedAt: mentorSessionFlags.flaggedAt,
        noShows: mentorSessionFlags.noShows,
        clearedAt: mentorSessionFlags.clearedAt,
      })
      .from(mentorSessionFlags)
      .where(eq(mentorSessionFlags.mentorId, userId));
    return { availability, overrides, sessions, flags };
  },

  async erase(db: DbOrTx, userId: string): Promise<void> {
    await db.update(mentorSessions).set({ cancelledBy: null }).where(eq(mentorSessions.cancelledBy, userId));
    await db.delete(mentorSessions).where(or(eq(mentorSessions.mentorId, userId), eq(mentorSessions.menteeId, userId)));
    await db.delete(mentorAvailabilityOverrides).where(eq(mentorAvailabilityOverrides.mentorId, userId));
    await db.delete(mentorAvailability).where(eq(mentorAvailability.mentorId, userId));
    await db.delete(mentorSessionFlags).where(eq(mentorSessionFlags.mentorId, userId));
  },
};

/** Reviews a member wrote or received as a mentor (reviews.privacy.ts says what goes). */
export const reviewsPrivacyRepo = {
  export: (db: DbOrTx, userId: string) =>
    db
      .select()
      .from(mentorReviews)
      .where(or(eq(mentorReviews.menteeId, userId), eq(mentorReviews.mentorId, userId)))
      .orderBy(asc(mentorReviews.createdAt)),

  async erase(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(mentorReviews).where(or(eq(mentorReviews.menteeId, userId), eq(mentorReviews.mentorId, userId)));
  },
};
