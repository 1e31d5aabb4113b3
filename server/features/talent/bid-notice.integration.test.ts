import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { bidInput, gigInput, listedTalent } from './testing/gig-fixtures';

/** Issue 26: the poster hears of new bids; members closed to an area leave its directory. */
let h: Harness;
let poster: Actor;

beforeAll(async () => {
  h = await createHarness();
  poster = await actor(h);
});
afterAll(() => h.close());

const notices = async (who: Actor) =>
  (await as(h, who)('GET', '/api/notifications')).json().notifications as Array<{
    title: string;
    message: string;
    link: string;
  }>;

describe('a new bid', () => {
  it("tells the gig's poster, linking to the gig (a system update: its email copy follows their preferences)", async () => {
    const talent = await actor(h, 'talent');
    const gig = (await as(h, poster)('POST', '/api/talent/gigs', gigInput({ title: 'Bakery logo' }))).json();
    const bid = await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/bids`, bidInput({ amount: 3_500_000 }));
    expect(bid.statusCode, bid.body).toBe(201);
    expect((await notices(poster))[0]).toMatchObject({
      title: 'New bid on your gig',
      message: `${talent.user.fullName} bid ₦35,000 on "Bakery logo", delivery in 5 days.`,
      link: `/gigs/${gig.id}`,
    });
    expect((await notices(talent)).some((n) => n.title === 'New bid on your gig')).toBe(false);
  });
});

describe('directories under a suspension', () => {
  it('leave out a talent suspended from talent, and show no Message for one suspended from chat', async () => {
    const closed = await listedTalent(h, { headline: 'Suspended designer', skills: [], rate: 500_000 });
    const quiet = await listedTalent(h, { headline: 'Quiet designer', skills: [], rate: 500_000 });
    await h.services.accounts.suspend(closed.user.id, { reason: 'Fake reviews', restrictions: ['talent'] });
    await h.services.accounts.suspend(quiet.user.id, { reason: 'Spam in chat', restrictions: ['chat'] });
    const listed = (await as(h, poster)('GET', '/api/talent?pageSize=50'))
      .json()
      .talents.map((t: { id: string }) => t.id);
    expect(listed).not.toContain(closed.user.id);
    expect(listed).toContain(quiet.user.id);
    expect((await as(h, poster)('GET', `/api/talent/${closed.user.id}`)).statusCode).toBe(404);
    expect((await as(h, poster)('GET', `/api/talent/${quiet.user.id}`)).json().messageable).toBe(false);
    expect((await as(h, poster)('GET', `/api/users/${quiet.user.username}`)).json().messageable).toBe(false);
    expect((await as(h, quiet)('GET', `/api/users/${poster.user.username}`)).json().messageable).toBe(true);
  });
});
