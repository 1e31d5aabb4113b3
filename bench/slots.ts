import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client';
import { users } from '#server/features/accounts/accounts.table';
import { createAccountsService } from '#server/features/accounts/accounts.service';
import { createAvailabilityService } from '#server/features/mentorship/availability/availability.service';
import { mentorPlans, mentorSubscriptions } from '#server/features/mentorship/mentorship.table';
import { mentorSessions } from '#server/features/mentorship/sessions/sessions.table';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface SlotsFigures {
  emptyMs: number;
  busyMs: number;
  ratio: number;
  sessions: number;
}

/**
 * Issue 15: free slots for 30 days of a mentor with a year of bookings (three a day, the past
 * year and the coming month) against one with none, on the same schedule (decision 032). The
 * query reads only the range's sessions, so the ratio should stay near 1 (goal: within 2x).
 */
export async function slotsBench(database: Database, rounds = 200): Promise<SlotsFigures> {
  const db = database.db;
  const now = new Date();
  const availability = createAvailabilityService({
    db,
    accounts: createAccountsService(db, () => now),
    now: () => now,
  });
  const person = async () => {
    const name = `bench_${randomBytes(4).toString('hex')}`;
    const [row] = await db
      .insert(users)
      .values({
        username: name,
        email: `${name}@example.com`,
        fullName: 'Bench Mentor',
        passwordHash: 'x',
        role: 'mentor',
        roles: ['mentor'],
        emailVerified: true,
      })
      .returning({ id: users.id });
    return row!.id;
  };
  const [empty, busy, mentee] = [await person(), await person(), await person()];
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '18:00' }));
  for (const id of [empty, busy]) {
    await availability.put({ id, roles: ['mentor'] } as never, {
      timeZone: 'Africa/Lagos',
      weekly,
      minNoticeHours: 0,
      horizonDays: 60,
    });
  }
  const [plan] = await db
    .insert(mentorPlans)
    .values({ mentorId: busy, name: 'Bench', priceMinor: 0, sessionsPerMonth: 1000, sessionMinutes: 60 })
    .returning();
  const [sub] = await db
    .insert(mentorSubscriptions)
    .values({
      planId: plan!.id,
      mentorId: busy,
      menteeId: mentee,
      status: 'active',
      priceMinor: 0,
      currency: 'NGN',
      sessionsPerMonth: 1000,
      sessionMinutes: 60,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * DAY),
    })
    .returning();
  const dayStart = Math.floor(now.getTime() / DAY) * DAY;
  const rows = [];
  for (let d = -365; d < 30; d++) {
    for (const h of [8, 11, 14]) {
      const startAt = new Date(dayStart + d * DAY + h * HOUR);
      rows.push({
        mentorId: busy,
        menteeId: mentee,
        subscriptionId: sub!.id,
        startAt,
        endAt: new Date(startAt.getTime() + HOUR),
        status: d < 0 ? 'completed' : 'booked',
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(mentorSessions).values(rows.slice(i, i + 500));
  const to = new Date(now.getTime() + 30 * DAY);
  const time = async (mentorId: string) => {
    for (let i = 0; i < 20; i++) await availability.slotsBetween(db, mentorId, now, to, 60);
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++) await availability.slotsBetween(db, mentorId, now, to, 60);
    return (performance.now() - t0) / rounds;
  };
  const emptyMs = await time(empty);
  const busyMs = await time(busy);
  return { emptyMs, busyMs, ratio: busyMs / emptyMs, sessions: rows.length };
}
