import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { makeMentor } from '../testing/mentorship-fixtures';
import { pastSession } from '../testing/review-fixtures';
import { mentee as newMentee, subscribe } from '../testing/session-fixtures';

/** Decision 035: the mentor's one public reply per review, and the admins' hide and unhide. */
let h: Harness;
let admin: Actor;

beforeAll(async () => {
  h = await createHarness();
  h.clock.now = new Date('2027-10-01T08:00:00Z');
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

type Listed = {
  id: string;
  rating: number;
  reply: { text: string; editedAt: string | null } | null;
  hidden: boolean;
  hiddenReason: string | null;
};
const list = async (who: Actor | null, mentorId: string) =>
  (await as(h, who)('GET', `/api/mentorship/reviews?mentorId=${mentorId}`)).json() as {
    reviews: Listed[];
    total: number;
    average: number | null;
  };
const card = async (mentorId: string) =>
  (await as(h, null)('GET', `/api/mentors/${mentorId}`)).json() as { rating: number | null; reviews: number };
const notices = async (who: Actor) =>
  (await as(h, who)('GET', '/api/notifications')).json().notifications as Array<{ title: string; message: string }>;

/** A mentor with two reviews: 5 from `first`, 1 from `second` (newest). */
async function reviewed() {
  const mentor = await makeMentor(h, admin);
  const authors: Actor[] = [];
  const ids: string[] = [];
  for (const rating of [5, 1]) {
    const m = await newMentee(h);
    await pastSession(h, mentor, m, await subscribe(h, mentor, m), { daysAgo: rating });
    h.clock.advance(60_000);
    const res = await as(h, m)('POST', '/api/mentorship/reviews', {
      mentorId: mentor.user.id,
      rating,
      text: 'Sessions were worth every minute.',
    });
    expect(res.statusCode, res.body).toBe(201);
    authors.push(m);
    ids.push(res.json().id);
  }
  return { mentor, first: authors[0]!, second: authors[1]!, firstId: ids[0]!, secondId: ids[1]! };
}

describe('a mentor replying to a review', () => {
  it('posts one public reply, edits it, removes it, and tells the mentee once', async () => {
    const { mentor, first, firstId } = await reviewed();
    const reply = (who: Actor, text: string) => as(h, who)('PUT', `/api/mentorship/reviews/${firstId}/reply`, { text });

    let res = await reply(mentor, '  Thank you, it was a pleasure.  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reply).toMatchObject({ text: 'Thank you, it was a pleasure.', editedAt: null });
    expect((await list(null, mentor.user.id)).reviews.find((r) => r.id === firstId)?.reply?.text).toBe(
      'Thank you, it was a pleasure.',
    );
    expect((await notices(first)).filter((n) => n.title === 'Your mentor replied')).toEqual([
      expect.objectContaining({ message: `${mentor.user.fullName} replied to your review.` }),
    ]);

    h.clock.advance(60_000);
    res = await reply(mentor, 'Thank you! Keep going with the plan.');
    expect(res.json().reply).toMatchObject({
      text: 'Thank you! Keep going with the plan.',
      editedAt: h.clock.now.toISOString(),
    });
    expect((await notices(first)).filter((n) => n.title === 'Your mentor replied')).toHaveLength(1);

    const long = await reply(mentor, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toMatchObject({ text: 'Keep the reply under 1000 characters' });
    expect((await reply(mentor, '   ')).json().fields).toMatchObject({ text: 'Write your reply' });
    expect((await reply(mentor, 'y'.repeat(1000))).statusCode).toBe(200);

    expect((await as(h, mentor)('DELETE', `/api/mentorship/reviews/${firstId}/reply`)).statusCode).toBe(204);
    expect((await list(null, mentor.user.id)).reviews.find((r) => r.id === firstId)?.reply).toBeNull();
    expect((await as(h, mentor)('DELETE', `/api/mentorship/reviews/${firstId}/reply`)).statusCode).toBe(404);
  });

  it('refuses the author, another mentor and unknown reviews', async () => {
    const { first, firstId } = await reviewed();
    const other = await makeMentor(h, admin);
    expect(
      (await as(h, first)('PUT', `/api/mentorship/reviews/${firstId}/reply`, { text: 'Replying to myself.' }))
        .statusCode,
    ).toBe(403);
    const res = await as(h, other)('PUT', `/api/mentorship/reviews/${firstId}/reply`, { text: 'Not my review.' });
    expect([res.statusCode, res.json().error]).toEqual([403, 'Only the mentor who was reviewed can reply.']);
    expect(
      (
        await as(h, other)('PUT', '/api/mentorship/reviews/00000000-0000-4000-8000-000000000000/reply', {
          text: 'Hello there.',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('an admin hiding a review', () => {
  it('takes it out of the list and the rating, shows it marked to its author, audits both ways', async () => {
    const { mentor, first, second, secondId } = await reviewed();
    expect(await card(mentor.user.id)).toMatchObject({ rating: 3, reviews: 2 });

    const bad = await as(h, admin)('POST', `/api/admin/mentor-reviews/${secondId}/hide`, { reason: '' });
    expect(bad.statusCode).toBe(400);
    let res = await as(h, admin)('POST', `/api/admin/mentor-reviews/${secondId}/hide`, {
      reason: 'Insults the mentor',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: secondId,
      hidden: true,
      hiddenReason: 'Insults the mentor',
      mentor: { id: mentor.user.id },
    });
    expect(
      (await as(h, admin)('POST', `/api/admin/mentor-reviews/${secondId}/hide`, { reason: 'Twice' })).statusCode,
    ).toBe(409);

    const shown = await list(null, mentor.user.id);
    expect(shown).toMatchObject({ total: 1, average: 5 });
    expect(shown.reviews.map((r) => r.id)).not.toContain(secondId);
    expect((await list(first, mentor.user.id)).reviews.map((r) => r.id)).not.toContain(secondId);
    expect(await card(mentor.user.id)).toMatchObject({ rating: 5, reviews: 1 });
    const { mentors } = (await as(h, null)('GET', '/api/mentors?page=1')).json() as {
      mentors: Array<{ id: string; rating: number | null; reviews: number }>;
    };
    expect(mentors.find((m) => m.id === mentor.user.id)).toMatchObject({ rating: 5, reviews: 1 });
    expect((await list(second, mentor.user.id)).reviews.find((r) => r.id === secondId)).toMatchObject({
      hidden: true,
      hiddenReason: 'Insults the mentor',
    });
    expect((await notices(second)).find((n) => n.title === 'Your review was hidden')?.message).toContain(
      'Insults the mentor',
    );

    // A hidden review takes no reply.
    expect(
      (await as(h, mentor)('PUT', `/api/mentorship/reviews/${secondId}/reply`, { text: 'Let us talk.' })).statusCode,
    ).toBe(409);

    const member = (await as(h, admin)('GET', `/api/admin/mentor-reviews?userId=${mentor.user.id}`)).json()
      .reviews as Listed[];
    expect(member.map((r) => [r.rating, r.hidden])).toEqual([
      [1, true],
      [5, false],
    ]);

    res = await as(h, admin)('POST', `/api/admin/mentor-reviews/${secondId}/unhide`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hidden: false, hiddenReason: null });
    expect((await as(h, admin)('POST', `/api/admin/mentor-reviews/${secondId}/unhide`)).statusCode).toBe(409);
    expect(await list(null, mentor.user.id)).toMatchObject({ total: 2, average: 3 });

    const audit = async (action: string) =>
      (await as(h, admin)('GET', `/api/admin/audit?action=${action}&targetId=${secondId}`)).json().entries;
    expect(await audit('mentor_review.hide')).toEqual([
      expect.objectContaining({ actorId: admin.user.id, targetType: 'mentor_review', reason: 'Insults the mentor' }),
    ]);
    expect(await audit('mentor_review.unhide')).toHaveLength(1);
  });

  it('asks for the password again once the confirmation has lapsed', async () => {
    const { mentor, secondId } = await reviewed();
    h.clock.advance(20 * 60_000);
    const res = await as(h, admin)('POST', `/api/admin/mentor-reviews/${secondId}/hide`, { reason: 'Off topic' });
    expect([res.statusCode, res.json().code]).toEqual([403, expect.any(String)]);
    expect((await list(null, mentor.user.id)).total).toBe(2);
  });
});
