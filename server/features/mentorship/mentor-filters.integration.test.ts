import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { mentorPlans } from './mentorship.table';
import { makeMentor, makePlan } from './testing/mentorship-fixtures';
import { pastSession } from './testing/review-fixtures';
import { EVERY_DAY_9_TO_12, mentee as newMentee, subscribe } from './testing/session-fixtures';

/** Issue 15 item 5: the directory's price range, "available this week" and minimum rating filters. */
let h: Harness;
let cheap: Actor;
let pricey: Actor;
let busyLater: Actor;

const ids = async (query: string) => {
  const res = await as(h, null)('GET', `/api/mentors?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().mentors as Array<{ id: string }>).map((m) => m.id).sort();
};
const sorted = (...who: Actor[]) => who.map((w) => w.user.id).sort();

beforeAll(async () => {
  h = await createHarness();
  h.clock.now = new Date('2027-10-04T06:00:00Z');
  const admin = await actor(h, 'admin');
  const { mentorAvailability } = h.services;
  // cheap: ₦5,000 a month, free every morning, rated 5 and 2 (3.5).
  cheap = await makeMentor(h, admin);
  await makePlan(h, cheap, { priceMinor: 500_000 });
  await mentorAvailability.put(cheap.user, { timeZone: 'Africa/Lagos', weekly: EVERY_DAY_9_TO_12 });
  // pricey: ₦50,000, free every morning, rated 5.
  pricey = await makeMentor(h, admin);
  await makePlan(h, pricey, { priceMinor: 5_000_000 });
  await mentorAvailability.put(pricey.user, { timeZone: 'Africa/Lagos', weekly: EVERY_DAY_9_TO_12 });
  // busyLater: ₦20,000, no hours this week (every day off), unrated.
  busyLater = await makeMentor(h, admin);
  await makePlan(h, busyLater, { priceMinor: 2_000_000 });
  await mentorAvailability.put(busyLater.user, { timeZone: 'Africa/Lagos', weekly: EVERY_DAY_9_TO_12 });
  for (let d = 4; d <= 12; d++)
    await mentorAvailability.addOverride(busyLater.user, {
      kind: 'off',
      date: `2027-10-${String(d).padStart(2, '0')}`,
    });

  for (const [mentor, rating] of [
    [cheap, 5],
    [cheap, 2],
    [pricey, 5],
  ] as const) {
    const m = await newMentee(h);
    const sub = await subscribe(h, mentor, m);
    await pastSession(h, mentor, m, sub, { daysAgo: rating });
    const res = await as(h, m)('POST', '/api/mentorship/reviews', {
      mentorId: mentor.user.id,
      rating,
      text: 'Helpful and well prepared every time.',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // The subscription fixture's own plans are closed: only the prices above are on offer.
  await h.app.database.db.update(mentorPlans).set({ active: false }).where(eq(mentorPlans.name, 'Monthly'));
});
afterAll(() => h.close());

describe('mentor directory filters', () => {
  it('filters by price range in naira', async () => {
    expect(await ids('minPrice=10000')).toEqual(sorted(pricey, busyLater));
    expect(await ids('maxPrice=25000')).toEqual(sorted(cheap, busyLater));
    expect(await ids('minPrice=10000&maxPrice=25000')).toEqual(sorted(busyLater));
  });

  it('filters by a free slot in the next 7 days', async () => {
    expect(await ids('available=week')).toEqual(sorted(cheap, pricey));
  });

  it('filters by minimum rating, and combines filters', async () => {
    expect(await ids('minRating=4')).toEqual(sorted(pricey));
    expect(await ids('minRating=3')).toEqual(sorted(cheap, pricey));
    expect(await ids('minRating=3&maxPrice=10000&available=week')).toEqual(sorted(cheap));
    const cards = (await as(h, null)('GET', '/api/mentors?minRating=3')).json().mentors as Array<{
      id: string;
      rating: number;
      reviews: number;
    }>;
    expect(cards.find((c) => c.id === cheap.user.id)).toMatchObject({ rating: 3.5, reviews: 2 });
  });

  it('refuses a bad filter with 400', async () => {
    expect((await as(h, null)('GET', '/api/mentors?minRating=9')).statusCode).toBe(400);
    expect((await as(h, null)('GET', '/api/mentors?available=month')).statusCode).toBe(400);
    expect((await as(h, null)('GET', '/api/mentors?minPrice=-1')).statusCode).toBe(400);
  });
});
