import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '#server/app';
import { zonedInstant, wallTime } from '#shared/mentorship/zoned-time';
import { mentorApplications, mentorPlans, mentorSubscriptions } from '#server/features/mentorship/mentorship.table';
import { mentorSessions as sessionRows } from '#server/features/mentorship/sessions/sessions.table';
import { reminderKey, sessionReminderJob } from '#server/features/mentorship/sessions/sessions.queue';
import { payments } from '#server/features/payments/payments.table';

/**
 * The browser tests' server clock: the app reads `now()` from here, and a test moves it forward
 * (and back to real time at its end) over POST /e2e/clock. Login sessions last 6 hours, so a
 * test moves it by less.
 */
export function e2eClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(ms: number) {
      offsetMs = ms;
    },
  };
}
export type E2eClock = ReturnType<typeof e2eClock>;

/**
 * Test-only routes of the e2e server for decision 032's browser test: a mentor with one free
 * hour starting at the next full hour but one, a mentee's subscription (decision 031's subscribe
 * flow is not in this branch), the clock, and a reminder fired when its queued time has come.
 */
export function registerE2eMentorship(app: FastifyInstance, services: PlatformServices, clock: E2eClock): void {
  const { accounts, mentorAvailability, mentorSessions } = services;
  const db = app.database.db;

  app.post<{ Body: { offsetMs: number } }>('/e2e/clock', async (request) => {
    clock.set(Number(request.body.offsetMs) || 0);
    return { now: clock.now().toISOString() };
  });

  app.post<{ Body: { mentorId: string; menteeId: string } }>('/e2e/mentorship/setup', async (request) => {
    const { mentorId, menteeId } = request.body;
    const mentorRow = await accounts.grantRole(mentorId, 'mentor', true);
    await accounts.grantRole(menteeId, 'mentee', true);
    const mentor = await accounts.present(mentorRow);
    // One hour, in Lagos, starting at the next full hour but one (so ending by 24:00).
    const hourAhead = new Date(clock.now().getTime() + 2 * 3_600_000);
    const w = wallTime(hourAhead, 'Africa/Lagos');
    const date = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
    const start = `${String(w.hour).padStart(2, '0')}:00`;
    const end = w.hour === 23 ? '24:00' : `${String(w.hour + 1).padStart(2, '0')}:00`;
    await mentorAvailability.put(mentor, { timeZone: 'Africa/Lagos', weekly: [], minNoticeHours: 0 });
    await mentorAvailability.addOverride(mentor, { kind: 'extra', date, start, end });
    const [plan] = await db
      .insert(mentorPlans)
      .values({ mentorId, name: 'Monthly', priceMinor: 0, sessionsPerMonth: 4, sessionMinutes: 60 })
      .returning();
    const now = clock.now();
    const [sub] = await db
      .insert(mentorSubscriptions)
      .values({
        planId: plan!.id,
        mentorId,
        menteeId,
        status: 'active',
        priceMinor: 0,
        currency: 'NGN',
        sessionsPerMonth: 4,
        sessionMinutes: 60,
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      })
      .returning();
    return { subscriptionId: sub!.id, start: zonedInstant(date, start, 'Africa/Lagos').toISOString() };
  });

  /**
   * Reviews' browser test: an approved mentor in the directory with a free hour tomorrow, and a
   * mentee whose subscription already had one held session (attendance is the call's, elsewhere);
   * the passport's asks for `sessions` held (3 let the mentor endorse), a day apart.
   */
  app.post<{ Body: { mentorId: string; menteeId: string; sessions?: number } }>(
    '/e2e/mentorship/held-session',
    async (request) => {
      const { mentorId, menteeId } = request.body;
      const sessions = Number(request.body.sessions ?? 1);
      const now = clock.now();
      const mentor = await accounts.present(await accounts.grantRole(mentorId, 'mentor', true));
      await accounts.grantRole(menteeId, 'mentee', true);
      await db.insert(mentorApplications).values({
        userId: mentorId,
        expertise: ['javascript'],
        yearsExperience: 9,
        currentRole: 'Engineering manager',
        bio: 'I help engineers in Lagos grow into senior roles.',
        motivation: 'Giving back.',
        status: 'approved',
        decidedAt: now,
      });
      await mentorAvailability.put(mentor, {
        timeZone: 'Africa/Lagos',
        weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      });
      const [plan] = await db
        .insert(mentorPlans)
        .values({ mentorId, name: 'Monthly', priceMinor: 0, sessionsPerMonth: 4, sessionMinutes: 60 })
        .returning();
      const [sub] = await db
        .insert(mentorSubscriptions)
        .values({
          planId: plan!.id,
          mentorId,
          menteeId,
          status: 'active',
          priceMinor: 0,
          currency: 'NGN',
          sessionsPerMonth: 4,
          sessionMinutes: 60,
          currentPeriodStart: new Date(now.getTime() - 5 * 86_400_000),
          currentPeriodEnd: new Date(now.getTime() + 25 * 86_400_000),
        })
        .returning();
      for (let i = 0; i < sessions; i++) {
        const startAt = new Date(now.getTime() - (2 + i) * 86_400_000);
        await db.insert(sessionRows).values({
          mentorId,
          menteeId,
          subscriptionId: sub!.id,
          startAt,
          endAt: new Date(startAt.getTime() + 3_600_000),
          status: 'completed',
          mentorNoShow: false,
          menteeNoShow: false,
        });
      }
      return { subscriptionId: sub!.id };
    },
  );

  /** Runs the session's queued reminder if it is due on the moved clock (409 if none is due). */
  app.post<{ Body: { sessionId: string; kind: '24h' | '15m' } }>(
    '/e2e/mentorship/fire-reminder',
    async (request, reply) => {
      const { sessionId, kind } = request.body;
      const { rows } = await db.execute<{
        data: { sessionId: string; startAt: string; kind: '24h' | '15m' };
        start_after: Date;
      }>(
        sql`select data, start_after from pgboss.job where name = 'mentorship.session-reminder' and singleton_key = ${reminderKey(sessionId, kind)} and state = 'created'`,
      );
      const job = rows[0];
      if (!job || new Date(job.start_after) > clock.now())
        return reply.code(409).send({ error: 'No reminder is due', code: 'CONFLICT' });
      await mentorSessions.remind(job.data);
      await services.jobs.cancel(db, sessionReminderJob, reminderKey(sessionId, kind));
      return { fired: true };
    },
  );

  /**
   * Decision 035's purchases screen: a paid ₦20,000 plan payment of which a mentor's early cancel
   * refunded half, as payments leaves it (status still paid, refunded_minor set).
   */
  app.post<{ Body: { mentorId: string; menteeId: string } }>('/e2e/mentorship/partly-refunded', async (request) => {
    const { mentorId, menteeId } = request.body;
    const now = clock.now();
    const [plan] = await db
      .insert(mentorPlans)
      .values({ mentorId, name: 'Career growth', priceMinor: 2_000_000, sessionsPerMonth: 4, sessionMinutes: 60 })
      .returning();
    const paidAt = new Date(now.getTime() - 15 * 86_400_000);
    const [payment] = await db
      .insert(payments)
      .values({
        kind: 'mentor_plan',
        itemId: plan!.id,
        buyerId: menteeId,
        payeeId: mentorId,
        gateway: 'test',
        reference: `e2e-${plan!.id}`,
        amountMinor: 2_000_000,
        currency: 'NGN',
        feeMinor: 200_000,
        status: 'paid',
        refundedMinor: 1_000_000,
        paidAt,
        refundedAt: now,
        createdAt: paidAt,
      })
      .returning();
    return { paymentId: payment!.id };
  });
}
