import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { as } from '#server/features/courses/testing/course-fixtures';
import { mentee, mentorWithSchedule, subscribe } from '../testing/session-fixtures';

/**
 * Reminders, the session's call and attendance on the harness clock (decision 032). Times are
 * driven through the services after the clock moves: a moved clock ends the login sessions.
 */
let h: Harness;
const BASE = new Date('2027-03-01T06:00:00Z');

beforeAll(async () => {
  h = await createHarness();
  h.clock.now = BASE;
});
afterAll(() => h.close());

const titles = async (userId: string) =>
  (await h.services.notifications.list(userId, { limit: 100, offset: 0, unread: false })).notifications.map(
    (n) => n.title,
  );
const at = async (iso: string) => {
  h.clock.now = new Date(iso);
  await h.jobs.runDue();
};

describe('reminders', () => {
  it('24 h and 15 min before, to both sides; a moved session never fires its old reminder', async () => {
    const mentor = await mentorWithSchedule(h);
    const m = await mentee(h);
    const sub = await subscribe(h, mentor, m);
    const booked = await as(h, m)('POST', '/api/mentorship/sessions', {
      subscriptionId: sub,
      start: '2027-03-03T08:00:00Z',
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().session.id as string;
    expect(await titles(mentor.user.id)).toEqual(['Session booked']);
    // Moved a day later before any reminder was due.
    await as(h, m)('POST', `/api/mentorship/sessions/${id}/reschedule`, { start: '2027-03-04T08:00:00Z' });
    // The old 24 h reminder's time passes (and the old 15 min one's): nothing.
    await at('2027-03-02T08:00:00Z');
    await at('2027-03-03T07:59:00Z');
    expect(await titles(m.user.id)).toEqual(['Session moved', 'Session booked']);
    // The new ones fire once each, to both.
    await at('2027-03-03T08:00:00Z');
    await at('2027-03-03T09:00:00Z');
    expect(await titles(m.user.id)).toEqual(['Session tomorrow', 'Session moved', 'Session booked']);
    await at('2027-03-04T07:45:00Z');
    expect(await titles(m.user.id)).toEqual([
      'Session in 15 minutes',
      'Session tomorrow',
      'Session moved',
      'Session booked',
    ]);
    expect(await titles(mentor.user.id)).toEqual([
      'Session in 15 minutes',
      'Session tomorrow',
      'Session moved',
      'Session booked',
    ]);
  });

  it('a cancelled session sends no reminder', async () => {
    h.clock.now = new Date('2027-03-10T06:00:00Z');
    const mentor = await mentorWithSchedule(h);
    const m = await mentee(h);
    const sub = await subscribe(h, mentor, m);
    const booked = await as(h, m)('POST', '/api/mentorship/sessions', {
      subscriptionId: sub,
      start: '2027-03-12T08:00:00Z',
    });
    await as(h, mentor)('POST', `/api/mentorship/sessions/${booked.json().session.id}/cancel`);
    await at('2027-03-12T09:00:00Z');
    expect(await titles(m.user.id)).toEqual(['Session cancelled', 'Session booked']);
  });
});

describe('the call and attendance', () => {
  it('admits only the two, from 10 minutes before; not joining within 10 minutes is a no-show', async () => {
    h.clock.now = new Date('2027-04-01T06:00:00Z');
    const mentor = await mentorWithSchedule(h);
    const [m, other] = [await mentee(h), await mentee(h)];
    const sub = await subscribe(h, mentor, m);
    const booked = await as(h, m)('POST', '/api/mentorship/sessions', {
      subscriptionId: sub,
      start: '2027-04-02T08:00:00Z',
    });
    const id = booked.json().session.id as string;
    const { calls, mentorSessions } = h.services;
    const source = { source: { kind: 'session', id } };
    // A day early: no call yet.
    await expect(calls.create(m.user, source)).rejects.toMatchObject({ status: 404 });
    h.clock.now = new Date('2027-04-02T07:50:00Z');
    await expect(calls.create(other.user, source)).rejects.toMatchObject({ status: 404 });
    const { room } = await calls.create(m.user, source);
    expect((await calls.create(mentor.user, source)).room).toBe(room);
    expect(await calls.mayEnter(other.user, room)).toBe(false);
    // Only the mentee comes.
    await calls.join(m.user.id, room);
    await at('2027-04-02T08:11:00Z');
    const [session] = await mentorSessions.list(m.user, { role: 'mentee', scope: 'all' });
    expect(session).toMatchObject({ status: 'completed', mentorNoShow: true, menteeNoShow: false });
    expect(await mentorSessions.attendance(mentor.user.id)).toEqual({ checked: 1, attended: 0, rate: 0 });
  });

  it('three mentor no-shows in 90 days flag the mentor', async () => {
    h.clock.now = new Date('2027-05-01T06:00:00Z');
    const mentor = await mentorWithSchedule(h);
    const m = await mentee(h);
    const sub = await subscribe(h, mentor, m, { sessionsPerMonth: 8 });
    const { mentorSessions } = h.services;
    for (const day of ['03', '04', '05'])
      await mentorSessions.book(m.user, { subscriptionId: sub, start: `2027-05-${day}T08:00:00Z` });
    await at('2027-05-03T09:00:00Z');
    await at('2027-05-04T09:00:00Z');
    expect((await mentorSessions.flaggedMentors()).map((f) => f.mentorId)).not.toContain(mentor.user.id);
    await at('2027-05-05T09:00:00Z');
    const flags = await mentorSessions.flaggedMentors();
    expect(flags.find((f) => f.mentorId === mentor.user.id)).toMatchObject({ noShows: 3 });
    expect(await mentorSessions.clearFlag(mentor.user.id)).toBe(true);
  });
});
