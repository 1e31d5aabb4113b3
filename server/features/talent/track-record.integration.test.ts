import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, makeCourse, type Actor } from '../courses/testing/course-fixtures';
import { bidInput, listedTalent, makeGig } from './testing/gig-fixtures';

/** What a talent's page says the platform knows (decision 036), and the invitations waiting for a talent. */
let h: Harness;
let poster: Actor;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
beforeAll(async () => {
  h = await createHarness();
  poster = await actor(h);
});
afterAll(() => h.close());

const newTalent = (headline: string) => listedTalent(h, { headline, skills: [], rate: 500_000 });
const profile = async (id: string) => (await as(h, null)('GET', `/api/talent/${id}`)).json();
// Through the service: the tests move the clock by days, past the poster's session.
const invite = (gigId: string, talentId: string) => h.services.talent.invite(poster.user, gigId, talentId);

describe('GET /api/talent/{id}: track record and certificates', () => {
  it('says nothing it does not know: no completed gigs, no answered invitations, no certificates', async () => {
    const talent = await newTalent('Copywriter in Jos');
    const body = await profile(talent.user.id);
    expect(body.trackRecord).toEqual({
      completedGigs: 0,
      onTimeGigs: 0,
      answeredInvitations: 0,
      medianResponseSeconds: null,
    });
    expect(body.certificates).toEqual([]);
  });

  it('counts a gig on time when the first delivery came within the bid’s delivery days of the hire', async () => {
    const talent = await newTalent('Illustrator in Enugu');
    await makeGig(h, poster.user, 'completed', { talent: talent.user });
    const { gigs } = h.services;
    const late = await gigs.create(poster.user, {
      title: 'Menu board for a canteen',
      description: 'Two menu boards, one for breakfast and one for lunch.',
      skills: [],
      budgetType: 'fixed',
      budgetMin: 2_000_000,
      budgetMax: 3_000_000,
      currency: 'NGN',
      deadline: null,
    });
    const bid = await gigs.bid(talent.user, late.id, bidInput({ deliveryDays: 2 }));
    await gigs.acceptBid(poster.user, bid.id);
    h.clock.advance(3 * DAY);
    await gigs.deliver(talent.user, late.id, 'Here they are.');
    await gigs.acceptDelivery(poster.user, late.id);
    // Still in progress: not completed, so in neither count.
    await makeGig(h, poster.user, 'in_progress', { talent: talent.user });
    expect((await profile(talent.user.id)).trackRecord).toMatchObject({ completedGigs: 2, onTimeGigs: 1 });
  });

  it('takes the median time from an invitation to the talent’s first bid on that gig', async () => {
    const talent = await newTalent('Video editor in Owerri');
    const quick = await makeGig(h, poster.user, 'open');
    const slow = await makeGig(h, poster.user, 'open');
    const unanswered = await makeGig(h, poster.user, 'open');
    for (const g of [quick, slow, unanswered]) await invite(g.id, talent.user.id);
    h.clock.advance(2 * HOUR);
    await h.services.gigs.bid(talent.user, quick.id, bidInput());
    h.clock.advance(4 * HOUR);
    await h.services.gigs.bid(talent.user, slow.id, bidInput());
    expect((await profile(talent.user.id)).trackRecord).toMatchObject({
      answeredInvitations: 2,
      medianResponseSeconds: 4 * 3600,
    });
  });

  it('lists the certificates of courses completed here, newest first', async () => {
    const talent = await newTalent('Data analyst in Abeokuta');
    const tutor = await actor(h, 'tutor');
    const course = await makeCourse(h, tutor.user, { input: { title: 'Spreadsheets for small shops' } });
    const issued = await h.services.certificates.issue({
      userId: talent.user.id,
      courseId: course.id,
      learnerName: talent.user.fullName,
      courseTitle: 'Spreadsheets for small shops',
      tutorName: tutor.user.fullName,
    });
    expect((await profile(talent.user.id)).certificates).toEqual([
      {
        code: issued.code,
        courseId: course.id,
        courseTitle: 'Spreadsheets for small shops',
        issuedAt: issued.issuedAt.toISOString(),
      },
    ]);
  });
});

describe('GET /api/talent/my-invitations', () => {
  it('lists open gigs the member is invited to and has not bid on, with who invited and when', async () => {
    const talent = await newTalent('Translator in Kano');
    const waiting = await makeGig(h, poster.user, 'open', { input: { title: 'Hausa subtitles for a short film' } });
    const answered = await makeGig(h, poster.user, 'open');
    const cancelled = await makeGig(h, poster.user, 'open');
    const invitedAt = h.clock.now.toISOString();
    for (const g of [waiting, answered, cancelled]) await invite(g.id, talent.user.id);
    await h.services.gigs.bid(talent.user, answered.id, bidInput());
    await h.services.gigs.cancel(poster.user, cancelled.id);

    const res = await as(h, talent)('GET', '/api/talent/my-invitations');
    expect(res.statusCode).toBe(200);
    expect(res.json().invitations).toEqual([
      {
        gig: {
          id: waiting.id,
          title: 'Hausa subtitles for a short film',
          budgetType: 'fixed',
          budgetMin: 2_000_000,
          budgetMax: 5_000_000,
          currency: 'NGN',
          deadline: null,
        },
        invitedBy: {
          id: poster.user.id,
          username: poster.user.username,
          fullName: poster.user.fullName,
          avatarUrl: null,
        },
        invitedAt,
      },
    ]);
    expect((await as(h, await actor(h))('GET', '/api/talent/my-invitations')).json().invitations).toEqual([]);
  });
});
