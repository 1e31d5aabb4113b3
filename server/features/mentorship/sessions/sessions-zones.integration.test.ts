import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { as } from '#server/features/courses/testing/course-fixtures';
import { mentee, mentorWithSchedule, subscribe } from '../testing/session-fixtures';

/** Issue 26: a session's notifications state its time in each recipient's own zone. */
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  h.clock.now = new Date('2027-03-01T06:00:00Z');
});
afterAll(() => h.close());

const latestMessage = async (who: Parameters<typeof as>[1]) => {
  const res = await as(h, who)('GET', '/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().notifications[0].message as string;
};

describe('times in the recipient zone', () => {
  it('keeps Lagos (WAT) by default and uses the zone a member chose, checked with Intl', async () => {
    const mentor = await mentorWithSchedule(h);
    const m = await mentee(h);
    const subscriptionId = await subscribe(h, mentor, m);
    const me = as(h, m);
    const bad = await me('PATCH', '/api/user/profile', { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(expect.any(String));
    expect((await me('PATCH', '/api/user/profile', { timeZone: 'Europe/London' })).statusCode).toBe(200);
    expect((await me('GET', '/api/user')).json().timeZone).toBe('Europe/London');

    const booked = await me('POST', '/api/mentorship/sessions', { subscriptionId, start: '2027-03-02T08:00:00Z' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await latestMessage(mentor)).toBe('A mentee booked a session on 2 Mar 2027, 09:00 WAT.');
    expect(await latestMessage(m)).toBe('Your session on 2 Mar 2027, 08:00 GMT is booked.');
  });
});
