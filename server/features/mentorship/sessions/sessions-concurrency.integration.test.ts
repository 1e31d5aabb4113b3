import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { as } from '#server/features/courses/testing/course-fixtures';
import { mentee, mentorWithSchedule, subscribe } from '../testing/session-fixtures';

/**
 * No double booking, ever (decision 032): concurrent requests, on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL). Writes into one mentor's calendar take turns (decision 043), and the
 * database's exclusion constraint refuses an overlap even when the code is bypassed.
 */
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  h.clock.now = new Date('2027-03-01T06:00:00Z');
});
afterAll(() => h.close());

describe('concurrent bookings', () => {
  it('ten mentees booking one slot at once: exactly one gets it, nine get 409', async () => {
    const mentor = await mentorWithSchedule(h);
    const mentees = await Promise.all(Array.from({ length: 10 }, () => mentee(h)));
    const subs: string[] = [];
    for (const m of mentees) subs.push(await subscribe(h, mentor, m));
    const results = await Promise.all(
      mentees.map((m, i) =>
        as(h, m)('POST', '/api/mentorship/sessions', { subscriptionId: subs[i], start: '2027-03-02T08:00:00Z' }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error).toEqual(expect.any(String));
    const list = await as(h, mentor)('GET', '/api/mentorship/sessions?role=mentor');
    expect(list.json().sessions).toHaveLength(1);
  });

  it('eight sessions moved into one slot at once: exactly one moves, seven get 409', async () => {
    const mentor = await mentorWithSchedule(h);
    const mentees = await Promise.all(Array.from({ length: 8 }, () => mentee(h)));
    const booked: string[] = [];
    for (const [i, m] of mentees.entries()) {
      const sub = await subscribe(h, mentor, m);
      // The schedule is 09:00-12:00 in Lagos: three hour-long slots a day from 08:00 UTC.
      const start = `2027-03-0${3 + Math.floor(i / 3)}T${String(8 + (i % 3)).padStart(2, '0')}:00:00Z`;
      const res = await as(h, m)('POST', '/api/mentorship/sessions', { subscriptionId: sub, start });
      expect(res.statusCode, res.body).toBe(201);
      booked.push(res.json().session.id);
    }
    const results = await Promise.all(
      mentees.map((m, i) =>
        as(h, m)('POST', `/api/mentorship/sessions/${booked[i]}/reschedule`, { start: '2027-03-02T10:00:00Z' }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, ...Array(7).fill(409)]);
  });

  it('the database refuses an overlap (buffer included) even when the code is bypassed', async () => {
    const mentor = await mentorWithSchedule(h, { bufferMinutes: 15 });
    const m = await mentee(h);
    const sub = await subscribe(h, mentor, m, { sessionMinutes: 30 });
    const ok = await as(h, m)('POST', '/api/mentorship/sessions', {
      subscriptionId: sub,
      start: '2027-03-02T08:00:00Z',
    });
    expect(ok.statusCode).toBe(201);
    const { mentorSessions } = await import('./sessions.table');
    const insert = (start: string) =>
      h.app.database.db.insert(mentorSessions).values({
        mentorId: mentor.user.id,
        menteeId: m.user.id,
        subscriptionId: sub,
        startAt: new Date(start),
        endAt: new Date(new Date(start).getTime() + 30 * 60_000),
        bufferMinutes: 15,
      });
    // 08:40 starts inside 08:00-08:30 + 15 min of buffer.
    await expect(insert('2027-03-02T08:40:00Z')).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23P01' }),
    });
    await insert('2027-03-02T08:45:00Z');
  });

  it('one mentee booking many slots at once stays within the allowance', async () => {
    const mentor = await mentorWithSchedule(h, { horizonDays: 30 });
    const m = await mentee(h);
    const sub = await subscribe(h, mentor, m, { sessionsPerMonth: 3 });
    const starts = ['02', '03', '04', '05', '06', '07', '08', '09'].map((d) => `2027-03-${d}T08:00:00Z`);
    const results = await Promise.all(
      starts.map((start) => as(h, m)('POST', '/api/mentorship/sessions', { subscriptionId: sub, start })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c !== 201).every((c) => c === 403)).toBe(true);
  });
});
