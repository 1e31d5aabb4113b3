import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PASSWORD, type Harness } from '#server/test/harness';
import { findEverywhere } from '#server/features/privacy/testing/schema-walk';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { mentorSubscriptions } from '../mentorship.table';
import { exportMentorReviews } from './reviews.privacy';
import { makeMentor, signIn } from '../testing/mentorship-fixtures';
import { pastSession } from '../testing/review-fixtures';
import { mentee as newMentee, subscribe } from '../testing/session-fixtures';

/** Issue 15 item 6: reviews after a held session, once per subscription period, and the mentor's average. */
let h: Harness;
let admin: Actor;

beforeAll(async () => {
  h = await createHarness();
  h.clock.now = new Date('2027-09-01T08:00:00Z');
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const review = (who: Actor, mentorId: string, rating = 5, text = 'Clear advice and a plan I could follow.') =>
  as(h, who)('POST', '/api/mentorship/reviews', { mentorId, rating, text });
const reviews = async (who: Actor | null, mentorId: string, page = 1) =>
  (await as(h, who)('GET', `/api/mentorship/reviews?mentorId=${mentorId}&page=${page}`)).json();
const card = async (mentorId: string) => {
  const { mentors } = (await as(h, null)('GET', '/api/mentors?page=1')).json() as {
    mentors: Array<{ id: string; rating: number | null; reviews: number }>;
  };
  return mentors.find((m) => m.id === mentorId);
};

describe('mentor reviews', () => {
  it('needs a held session, takes one review a period, and answers the average', async () => {
    const mentor = await makeMentor(h, admin);
    const m = await newMentee(h);
    const sub = await subscribe(h, mentor, m);

    let res = await review(m, mentor.user.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('You can review this mentor after your first session with them.');
    expect(await reviews(m, mentor.user.id)).toMatchObject({
      canReview: false,
      reviewHint: 'You can review this mentor after your first session with them.',
    });

    // A session the mentor missed was not held.
    await pastSession(h, mentor, m, sub, { noShow: 'mentor' });
    expect((await review(m, mentor.user.id)).statusCode).toBe(403);

    await pastSession(h, mentor, m, sub, { daysAgo: 2 });
    expect((await reviews(m, mentor.user.id)).canReview).toBe(true);
    res = await review(m, mentor.user.id, 5);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rating: 5, author: { id: m.user.id } });

    res = await review(m, mentor.user.id, 1, 'Trying to review twice in one period.');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already reviewed/);
    expect(await reviews(m, mentor.user.id)).toMatchObject({ canReview: false, total: 1, average: 5 });

    const notices = (await as(h, mentor)('GET', '/api/notifications')).json().notifications as Array<{
      title: string;
      message: string;
    }>;
    expect(notices.find((n) => n.title === 'New review')?.message).toBe(`${m.user.fullName} rated you 5 out of 5.`);

    // The next period (a renewal moves the period start) takes a new review.
    h.clock.advance(30 * 86_400_000);
    await h.app.database.db
      .update(mentorSubscriptions)
      .set({ currentPeriodStart: h.clock.now, currentPeriodEnd: new Date(h.clock.now.getTime() + 30 * 86_400_000) })
      .where(eq(mentorSubscriptions.id, sub));
    expect((await review(await signIn(h, m), mentor.user.id, 2)).statusCode).toBe(201);

    const other = await newMentee(h);
    const otherSub = await subscribe(h, mentor, other);
    await pastSession(h, mentor, other, otherSub, { daysAgo: 3 });
    h.clock.advance(60_000);
    expect((await review(other, mentor.user.id, 4)).statusCode).toBe(201);

    const list = await reviews(null, mentor.user.id);
    expect(list).toMatchObject({ total: 3, average: 3.7, canReview: false, reviewHint: null });
    expect(list.reviews.map((r: { rating: number }) => r.rating)).toEqual([4, 2, 5]);
    expect(await card(mentor.user.id)).toMatchObject({ rating: 3.7, reviews: 3 });
    expect((await as(h, null)('GET', `/api/mentors/${mentor.user.id}`)).json()).toMatchObject({
      rating: 3.7,
      reviews: 3,
    });
  });

  it('refuses non-mentees, the mentor, bad input and unknown mentors', async () => {
    const mentor = await makeMentor(h, admin);
    const stranger = await actor(h, 'general');
    expect((await review(stranger, mentor.user.id)).statusCode).toBe(403);
    expect((await review(mentor, mentor.user.id)).statusCode).toBe(403);
    const bad = await as(h, stranger)('POST', '/api/mentorship/reviews', {
      mentorId: mentor.user.id,
      rating: 6,
      text: 'short',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      rating: 'Choose a rating from 1 to 5',
      text: 'Write at least 10 characters',
    });
    expect((await review(stranger, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(
      (await as(h, null)('GET', '/api/mentorship/reviews?mentorId=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('exports reviews and erases them with either side', async () => {
    const mentor = await makeMentor(h, admin);
    const m = await newMentee(h);
    const sub = await subscribe(h, mentor, m);
    await pastSession(h, mentor, m, sub);
    expect((await review(m, mentor.user.id, 4)).statusCode).toBe(201);
    const { privacy } = h.services;
    expect((await exportMentorReviews(m.user.id, h.app.database.db)).written).toMatchObject([
      { rating: 4, mentorId: mentor.user.id },
    ]);
    expect((await exportMentorReviews(mentor.user.id, h.app.database.db)).received).toHaveLength(1);

    await privacy.requestDeletion(m.user.id, PASSWORD);
    h.clock.advance(8 * 86_400_000);
    await privacy.erase(m.user.id);
    const left = (await findEverywhere(h.app.database.db, [m.user.id])).filter((hit) =>
      hit.column.startsWith('mentor_reviews.'),
    );
    expect(left).toEqual([]);
    expect(await reviews(null, mentor.user.id)).toMatchObject({ total: 0, average: null });
  });
});
