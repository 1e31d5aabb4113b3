import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { bidInput, listedTalent, makeGig } from './testing/gig-fixtures';

/** "Invite to bid" from a talent's page: the poster's open gigs only, once per (gig, talent). */
let h: Harness;
let poster: Actor;
let talent: Actor;
beforeAll(async () => {
  h = await createHarness();
  poster = await actor(h);
  talent = await listedTalent(h, { headline: 'Motion designer in Ibadan', skills: ['css'], rate: 700_000 });
});
afterAll(() => h.close());

const invite = (who: Actor | null, gigId: string, talentId: string) =>
  as(h, who)('POST', `/api/talent/gigs/${gigId}/invitations`, { talentId });
const invitations = async (who: Actor) =>
  (await as(h, who)('GET', '/api/notifications?limit=50'))
    .json()
    .notifications.filter((n: { title: string }) => n.title === 'You are invited to bid');

describe('POST /api/talent/gigs/{id}/invitations', () => {
  it('tells the talent once, with a link to the gig, and the profile page marks the gig invited', async () => {
    const gig = await makeGig(h, poster.user, 'open', { input: { title: 'Animated logo for a radio show' } });
    const before = (await as(h, poster)('GET', `/api/talent/${talent.user.id}`)).json();
    expect(before.invitableGigs).toContainEqual({
      id: gig.id,
      title: 'Animated logo for a radio show',
      invited: false,
    });

    const res = await invite(poster, gig.id, talent.user.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ gigId: gig.id, talentId: talent.user.id, createdAt: expect.any(String) });
    const told = await invitations(talent);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'system_update',
      link: `/gigs/${gig.id}`,
      message: `${poster.user.fullName} invited you to bid on "Animated logo for a radio show".`,
    });

    const again = await invite(poster, gig.id, talent.user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`You have already invited ${talent.user.fullName} to this gig.`);
    expect(await invitations(talent)).toHaveLength(1);
    const after = (await as(h, poster)('GET', `/api/talent/${talent.user.id}`)).json();
    expect(after.invitableGigs).toContainEqual({ id: gig.id, title: 'Animated logo for a radio show', invited: true });
  });

  it('lists only the viewer’s own open gigs, and none to visitors or the talent themselves', async () => {
    const open = await makeGig(h, poster.user, 'open');
    const cancelled = await makeGig(h, poster.user, 'cancelled');
    const ids = (await as(h, poster)('GET', `/api/talent/${talent.user.id}`))
      .json()
      .invitableGigs.map((g: { id: string }) => g.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(cancelled.id);
    expect((await as(h, null)('GET', `/api/talent/${talent.user.id}`)).json().invitableGigs).toEqual([]);
    expect((await as(h, talent)('GET', `/api/talent/${talent.user.id}`)).json().invitableGigs).toEqual([]);
  });

  it('refuses a gig that is not open, not the caller’s, themselves, a non-talent, a hidden talent and a talent who already bid', async () => {
    const rival = await actor(h);
    const other = await makeGig(h, rival.user, 'open');
    expect((await invite(poster, other.id, talent.user.id)).statusCode).toBe(403);

    const gone = await makeGig(h, poster.user, 'cancelled');
    const closed = await invite(poster, gone.id, talent.user.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('This gig is no longer open for bids.');

    const gig = await makeGig(h, poster.user, 'open');
    const self = await invite(poster, gig.id, poster.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot invite yourself to your own gig.');
    expect((await invite(poster, gig.id, rival.user.id)).statusCode).toBe(404);
    expect((await invite(poster, gig.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await invite(poster, gig.id, 'not-a-uuid')).statusCode).toBe(400);
    expect((await invite(poster, '00000000-0000-4000-8000-000000000000', talent.user.id)).statusCode).toBe(404);

    const hidden = await listedTalent(h, { headline: 'Hidden animator', skills: [], rate: 100_000 });
    await h.services.accounts.suspend(hidden.user.id, { reason: 'Under review', restrictions: ['profile_hidden'] });
    expect((await invite(poster, gig.id, hidden.user.id)).statusCode).toBe(404);

    const bidder = await listedTalent(h, { headline: 'Eager animator', skills: [], rate: 100_000 });
    expect((await as(h, bidder)('POST', `/api/talent/gigs/${gig.id}/bids`, bidInput())).statusCode).toBe(201);
    const bid = await invite(poster, gig.id, bidder.user.id);
    expect(bid.statusCode).toBe(409);
    expect(bid.json().error).toBe(`${bidder.user.fullName} has already bid on this gig.`);
  });

  it('refuses a talent who blocked the poster', async () => {
    const blocker = await listedTalent(h, { headline: 'Private animator', skills: [], rate: 100_000 });
    expect((await as(h, blocker)('POST', '/api/chat/blocks', { userId: poster.user.id })).statusCode).toBe(200);
    const gig = await makeGig(h, poster.user, 'open');
    expect((await invite(poster, gig.id, blocker.user.id)).statusCode).toBe(403);
    expect(await invitations(blocker)).toEqual([]);
  });
});
