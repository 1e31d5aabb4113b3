import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, login, type Harness } from '#server/test/harness';
import { as } from '#server/features/courses/testing/course-fixtures';
import { mentee, mentorWithSchedule, subscribe } from '../testing/session-fixtures';

/**
 * Booking (decision 032): free slots, the allowance, moves and cancellations, on the harness
 * clock. Monday 1 March 2027, 06:00 UTC (07:00 in Lagos) is "now".
 */
let h: Harness;
const BASE = new Date('2027-03-01T06:00:00Z');

beforeAll(async () => {
  h = await createHarness();
  h.clock.now = BASE;
});
afterAll(() => h.close());

const slotsOf = async (mentorId: string, query = 'from=2027-03-01&to=2027-03-03&tz=Africa/Lagos') => {
  const res = await as(h, null)('GET', `/api/mentors/${mentorId}/slots?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().slots as { start: string; end: string }[]).map((s) => s.start);
};

describe('slots', () => {
  it('cuts the weekly hours into sessions of the plan, after the minimum notice', async () => {
    const mentor = await mentorWithSchedule(h);
    const m = await mentee(h);
    await subscribe(h, mentor, m, { sessionMinutes: 60 });
    // 12 h notice from 06:00Z: Monday's 09:00-12:00 Lagos (08:00-11:00Z) is too soon.
    expect(await slotsOf(mentor.user.id)).toEqual([
      '2027-03-02T08:00:00.000Z',
      '2027-03-02T09:00:00.000Z',
      '2027-03-02T10:00:00.000Z',
      '2027-03-03T08:00:00.000Z',
      '2027-03-03T09:00:00.000Z',
      '2027-03-03T10:00:00.000Z',
    ]);
    expect(await slotsOf(mentor.user.id, 'from=2027-03-02&to=2027-03-02&tz=Africa/Lagos&minutes=45')).toEqual([
      '2027-03-02T08:00:00.000Z',
      '2027-03-02T08:45:00.000Z',
      '2027-03-02T09:30:00.000Z',
      '2027-03-02T10:15:00.000Z',
    ]);
  });

  it('removes days off and booked sessions with their buffer; adds extra hours; stops at the horizon', async () => {
    const mentor = await mentorWithSchedule(h, { bufferMinutes: 30, horizonDays: 3 });
    const m = await mentee(h);
    const subscriptionId = await subscribe(h, mentor, m, { sessionMinutes: 30 });
    const me = as(h, mentor);
    expect(
      (await me('POST', '/api/mentor/availability/overrides', { kind: 'off', date: '2027-03-03' })).statusCode,
    ).toBe(201);
    expect(
      (
        await me('POST', '/api/mentor/availability/overrides', {
          kind: 'extra',
          date: '2027-03-02',
          start: '18:00',
          end: '19:00',
        })
      ).statusCode,
    ).toBe(201);
    const booked = await as(h, m)('POST', '/api/mentorship/sessions', {
      subscriptionId,
      start: '2027-03-02T09:00:00.000Z',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // 10:00-10:30 Lagos is booked: with a 30-minute buffer after it (and before it, for a
    // slot whose own buffer would reach it), 09:30 and 10:30 go too. The 3rd is a day off and
    // the 4th lies beyond the 3-day horizon.
    expect(await slotsOf(mentor.user.id, 'from=2027-03-02&to=2027-03-05&tz=Africa/Lagos')).toEqual([
      '2027-03-02T08:00:00.000Z',
      '2027-03-02T10:00:00.000Z',
      '2027-03-02T10:30:00.000Z',
      '2027-03-02T17:00:00.000Z',
      '2027-03-02T17:30:00.000Z',
    ]);
  });

  it('answers 404 for someone who is not a mentor, and 400 for a bad range or zone', async () => {
    const m = await mentee(h);
    expect((await as(h, null)('GET', `/api/mentors/${m.user.id}/slots`)).statusCode).toBe(404);
    const mentor = await mentorWithSchedule(h);
    expect((await as(h, null)('GET', `/api/mentors/${mentor.user.id}/slots?tz=Mars/Olympus`)).statusCode).toBe(400);
    expect(
      (await as(h, null)('GET', `/api/mentors/${mentor.user.id}/slots?from=2027-03-05&to=2027-03-01`)).statusCode,
    ).toBe(400);
    expect(
      (await as(h, null)('GET', `/api/mentors/${mentor.user.id}/slots?from=2027-03-01&to=2027-06-01`)).statusCode,
    ).toBe(400);
  });
});

describe('booking', () => {
  it('books a free slot (201), refuses a taken one (409) and a time outside the schedule (409)', async () => {
    const mentor = await mentorWithSchedule(h);
    const [a, b] = [await mentee(h), await mentee(h)];
    const subA = await subscribe(h, mentor, a);
    const subB = await subscribe(h, mentor, b);
    const first = await as(h, a)('POST', '/api/mentorship/sessions', {
      subscriptionId: subA,
      start: '2027-03-02T08:00:00Z',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().session).toMatchObject({
      start: '2027-03-02T08:00:00.000Z',
      end: '2027-03-02T09:00:00.000Z',
      status: 'booked',
      role: 'mentee',
    });
    const again = await as(h, b)('POST', '/api/mentorship/sessions', {
      subscriptionId: subB,
      start: '2027-03-02T08:00:00Z',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(expect.any(String));
    const offHours = await as(h, b)('POST', '/api/mentorship/sessions', {
      subscriptionId: subB,
      start: '2027-03-02T15:00:00Z',
    });
    expect(offHours.statusCode).toBe(409);
    const tooSoon = await as(h, b)('POST', '/api/mentorship/sessions', {
      subscriptionId: subB,
      start: '2027-03-01T09:00:00Z',
    });
    expect(tooSoon.statusCode).toBe(409);
    const list = await as(h, mentor)('GET', '/api/mentorship/sessions?role=mentor');
    expect(list.json().sessions).toHaveLength(1);
    expect(list.json().sessions[0]).toMatchObject({ role: 'mentor', mentee: { id: a.user.id } });
    expect((await as(h, b)('GET', '/api/mentorship/sessions?role=mentee')).json().sessions).toHaveLength(0);
  });

  it('keeps to the allowance of the period, and to a live subscription', async () => {
    const mentor = await mentorWithSchedule(h);
    const m = await mentee(h);
    const sub = await subscribe(h, mentor, m, { sessionsPerMonth: 2 });
    const book = (start: string, subscriptionId = sub) =>
      as(h, m)('POST', '/api/mentorship/sessions', { subscriptionId, start });
    expect((await book('2027-03-02T08:00:00Z')).statusCode).toBe(201);
    expect((await book('2027-03-03T08:00:00Z')).statusCode).toBe(201);
    const allowances = (await as(h, m)('GET', '/api/mentorship/allowances')).json().allowances;
    expect(allowances.find((a: { subscriptionId: string }) => a.subscriptionId === sub)).toMatchObject({
      used: 2,
      left: 0,
      sessionsPerMonth: 2,
      mentor: { id: mentor.user.id },
    });
    const third = await book('2027-03-04T08:00:00Z');
    expect(third.statusCode).toBe(403);
    expect(third.json().error).toMatch(/used all 2 sessions/);
    // Beyond the period's end (30 days) is refused too.
    const other = await mentorWithSchedule(h, { horizonDays: 60 });
    const later = await subscribe(h, other, m);
    expect((await book('2027-04-05T08:00:00Z', later)).statusCode).toBe(403);
    const paused = await subscribe(h, other, m, { status: 'paused' });
    expect((await book('2027-03-02T08:00:00Z', paused)).statusCode).toBe(403);
    const someoneElses = await subscribe(h, other, await mentee(h));
    expect((await book('2027-03-02T08:00:00Z', someoneElses)).statusCode).toBe(404);
  });

  it('moves and cancels up to 12 h before; a late cancel by the mentee counts as used', async () => {
    const mentor = await mentorWithSchedule(h);
    const m = await mentee(h);
    const sub = await subscribe(h, mentor, m, { sessionsPerMonth: 2 });
    const me = as(h, m);
    const s1 = (
      await me('POST', '/api/mentorship/sessions', { subscriptionId: sub, start: '2027-03-02T08:00:00Z' })
    ).json().session;
    const moved = await me('POST', `/api/mentorship/sessions/${s1.id}/reschedule`, { start: '2027-03-03T09:00:00Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().session.start).toBe('2027-03-03T09:00:00.000Z');
    // The old time is free again.
    expect(await slotsOf(mentor.user.id, 'from=2027-03-02&to=2027-03-02&tz=Africa/Lagos')).toContain(
      '2027-03-02T08:00:00.000Z',
    );
    const early = await me('POST', '/api/mentorship/sessions', { subscriptionId: sub, start: '2027-03-02T09:00:00Z' });
    expect(early.statusCode).toBe(201);
    // An early cancel frees the place in the allowance.
    expect(
      (await me('POST', `/api/mentorship/sessions/${early.json().session.id}/cancel`)).json().session,
    ).toMatchObject({ status: 'cancelled', countsAsUsed: false });
    // Three hours before the moved session: too late to move; a cancel now uses it.
    h.clock.now = new Date('2027-03-03T06:00:00Z');
    const again = { ...m, cookie: await login(h, m.user.username) };
    const meLater = as(h, again);
    expect(
      (await meLater('POST', `/api/mentorship/sessions/${s1.id}/reschedule`, { start: '2027-03-04T09:00:00Z' }))
        .statusCode,
    ).toBe(409);
    const late = await meLater('POST', `/api/mentorship/sessions/${s1.id}/cancel`);
    expect(late.json().session).toMatchObject({ status: 'cancelled', countsAsUsed: true });
    expect((await meLater('POST', `/api/mentorship/sessions/${s1.id}/cancel`)).statusCode).toBe(409);
    h.clock.now = BASE;
  });
});
