import type { TAvailabilityInput } from '#shared/mentorship/sessions.schemas';
import type { Harness } from '#server/test/harness';
import { actor, type Actor } from '#server/features/courses/testing/course-fixtures';
import { mentorPlans, mentorSubscriptions } from '../mentorship.table';

/**
 * Test helpers for the sessions suites (decision 032). Subscriptions are inserted directly: the
 * subscribe flow is decision 031's, and these suites only need its rows.
 */
export const WEEKDAYS_9_TO_12 = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '12:00' }));
export const EVERY_DAY_9_TO_12 = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '12:00' }));

/** A mentor with a schedule (every day 09:00-12:00 Lagos by default). */
export async function mentorWithSchedule(h: Harness, schedule: Partial<TAvailabilityInput> = {}): Promise<Actor> {
  const mentor = await actor(h, 'mentor');
  await h.services.mentorAvailability.put(mentor.user, {
    timeZone: 'Africa/Lagos',
    weekly: EVERY_DAY_9_TO_12,
    ...schedule,
  });
  return mentor;
}

export interface SubscriptionOver {
  sessionsPerMonth?: number;
  sessionMinutes?: 30 | 45 | 60;
  status?: string;
  periodStart?: Date;
  periodDays?: number;
}

/** A plan of the mentor and a subscription of the mentee to it, live for 30 days from now (or as told). */
export async function subscribe(
  h: Harness,
  mentor: Actor,
  mentee: Actor,
  over: SubscriptionOver = {},
): Promise<string> {
  const db = h.app.database.db;
  const sessionMinutes = over.sessionMinutes ?? 60;
  const sessionsPerMonth = over.sessionsPerMonth ?? 4;
  const [plan] = await db
    .insert(mentorPlans)
    .values({ mentorId: mentor.user.id, name: 'Monthly', priceMinor: 500_000, sessionsPerMonth, sessionMinutes })
    .returning({ id: mentorPlans.id });
  const start = over.periodStart ?? h.clock.now;
  const [sub] = await db
    .insert(mentorSubscriptions)
    .values({
      planId: plan!.id,
      mentorId: mentor.user.id,
      menteeId: mentee.user.id,
      status: over.status ?? 'active',
      priceMinor: 500_000,
      currency: 'NGN',
      sessionsPerMonth,
      sessionMinutes,
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + (over.periodDays ?? 30) * 86_400_000),
    })
    .returning({ id: mentorSubscriptions.id });
  return sub!.id;
}

/** A mentee actor holding the mentee role. */
export const mentee = (h: Harness) => actor(h, 'mentee');
