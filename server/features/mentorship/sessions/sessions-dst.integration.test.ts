import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { as } from '#server/features/courses/testing/course-fixtures';
import { mentee, mentorWithSchedule, subscribe } from '../testing/session-fixtures';

/**
 * Time zones across daylight saving (decision 032): a Lagos mentor (no DST, UTC+1) seen by a
 * London mentee around 28 March and 31 October 2027, and a London mentor whose wall-clock
 * hours must stay put while their UTC instants move.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const slots = async (mentorId: string, query: string) => {
  const res = await as(h, null)('GET', `/api/mentors/${mentorId}/slots?${query}&minutes=60`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().slots as { start: string }[]).map((s) => s.start);
};
const londonTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

describe('a Lagos mentor, a London mentee', () => {
  it('in March: the same instants, shown an hour later in London from the 28th', async () => {
    h.clock.now = new Date('2027-03-20T06:00:00Z');
    const mentor = await mentorWithSchedule(h, {
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '11:00' })),
    });
    const got = await slots(mentor.user.id, 'from=2027-03-27&to=2027-03-28&tz=Europe/London');
    expect(got).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-27T09:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
      '2027-03-28T09:00:00.000Z',
    ]);
    expect(got.map(londonTime)).toEqual(['27, 08:00', '27, 09:00', '28, 09:00', '28, 10:00']);
    // The mentee books the Sunday 10:00 London (09:00 Lagos) slot by its instant.
    const m = await mentee(h);
    const sub = await subscribe(h, mentor, m);
    const res = await as(h, m)('POST', '/api/mentorship/sessions', {
      subscriptionId: sub,
      start: '2027-03-28T10:00:00+01:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().session.start).toBe('2027-03-28T09:00:00.000Z');
  });

  it('in October: London days are read in London, back to GMT on the 31st', async () => {
    h.clock.now = new Date('2027-10-20T06:00:00Z');
    const mentor = await mentorWithSchedule(h, {
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '02:00' })),
    });
    // Lagos 00:00-02:00 is 23:00-01:00 UTC. The London day of 31 October (a 25-hour day, from
    // 30th 23:00Z) holds Lagos's 31st midnight slots, and Lagos's 1 November ones at 23:00Z.
    expect(await slots(mentor.user.id, 'from=2027-10-31&to=2027-10-31&tz=Europe/London')).toEqual([
      '2027-10-30T23:00:00.000Z',
      '2027-10-31T00:00:00.000Z',
      '2027-10-31T23:00:00.000Z',
    ]);
  });
});

describe('a London mentor', () => {
  it('keeps 09:00 local across both changes', async () => {
    h.clock.now = new Date('2027-03-20T06:00:00Z');
    const mentor = await mentorWithSchedule(h, {
      timeZone: 'Europe/London',
      weekly: [6, 0].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })),
    });
    expect(await slots(mentor.user.id, 'from=2027-03-27&to=2027-03-28&tz=Africa/Lagos')).toEqual([
      '2027-03-27T09:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
    ]);
    h.clock.now = new Date('2027-10-20T06:00:00Z');
    const again = await mentorWithSchedule(h, {
      timeZone: 'Europe/London',
      weekly: [6, 0].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })),
    });
    expect(await slots(again.user.id, 'from=2027-10-30&to=2027-10-31&tz=Europe/London')).toEqual([
      '2027-10-30T08:00:00.000Z',
      '2027-10-31T09:00:00.000Z',
    ]);
  });
});
