import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHarness, login, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { bidInput, gigInput, makeGig } from './testing/gig-fixtures';
import { DAY_MS } from '#shared/talent/gig-machine';

/** Gigs and bids through the API: posting, bidding, hiring exactly once, delivery, reviews. */
let h: Harness;
let poster: Actor;
let talent: Actor;
let rival: Actor;
let stranger: Actor;
beforeAll(async () => {
  h = await createHarness();
  poster = await actor(h);
  talent = await actor(h, 'talent');
  rival = await actor(h, 'talent');
  stranger = await actor(h);
});
afterAll(() => h.close());
// Tests move the clock by days: sessions would expire, so each test signs everyone in afresh.
beforeEach(() => refresh(poster, talent, rival, stranger));
async function refresh(...who: Actor[]) {
  for (const a of who) a.cookie = await login(h, a.user.username);
}

const post = async (over = {}) => {
  const res = await as(h, poster)('POST', '/api/talent/gigs', gigInput(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string };
};
const bid = async (who: Actor, gigId: string, over = {}) =>
  as(h, who)('POST', `/api/talent/gigs/${gigId}/bids`, bidInput(over));

describe('posting and browsing', () => {
  it('posts an open gig that browsing and search find, with its skills', async () => {
    const gig = await post({ title: 'Bookkeeping spreadsheet for a pharmacy', skills: ['sql'] });
    expect(gig).toMatchObject({
      status: 'open',
      bidCount: 0,
      skills: [{ slug: 'sql' }],
      poster: { id: poster.user.id },
    });
    const all = (await as(h, null)('GET', '/api/talent/gigs')).json();
    expect(all.gigs.map((g: { id: string }) => g.id)).toContain(gig.id);
    const found = (await as(h, null)('GET', '/api/talent/gigs?q=pharmacy')).json();
    expect(found.gigs.map((g: { id: string }) => g.id)).toEqual([gig.id]);
    const bySkill = (await as(h, null)('GET', '/api/talent/gigs?skills=sql')).json();
    expect(bySkill.gigs.map((g: { id: string }) => g.id)).toContain(gig.id);
    expect((await as(h, null)('GET', '/api/talent/gigs?skills=not-a-skill-at-all')).statusCode).toBe(400);
  });

  it('refuses a budget whose highest is below its lowest, and unknown fields stay out', async () => {
    const res = await as(h, poster)('POST', '/api/talent/gigs', gigInput({ budgetMin: 5_000_000, budgetMax: 1_000 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });
});

describe('bids', () => {
  it('refuses a bid on your own gig, a short proposal and a second live bid', async () => {
    const gig = await post();
    expect((await bid(poster, gig.id)).statusCode).toBe(403);
    expect((await bid(talent, gig.id, { proposal: 'Too short.' })).statusCode).toBe(400);
    expect((await bid(talent, gig.id)).statusCode).toBe(201);
    const again = await bid(talent, gig.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain('already have a bid');
  });

  it('shows the poster every bid, a bidder their own and anyone else none', async () => {
    const gig = await post();
    const mine = (await bid(talent, gig.id)).json();
    expect(mine).toMatchObject({
      status: 'pending',
      amount: 3_500_000,
      bidder: { id: talent.user.id, rating: null, completedGigs: 0 },
    });
    await bid(rival, gig.id);
    const seen = async (who: Actor | null) =>
      (await as(h, who)('GET', `/api/talent/gigs/${gig.id}`))
        .json()
        .bids.map((b: { bidder: { id: string } }) => b.bidder.id);
    expect((await seen(poster)).sort()).toEqual([talent.user.id, rival.user.id].sort());
    expect(await seen(talent)).toEqual([talent.user.id]);
    expect(await seen(stranger)).toEqual([]);
    expect(await seen(null)).toEqual([]);
  });

  it('tells only the poster and the bidder of a new bid, and everyone of the gig', async () => {
    const gig = await post();
    const realtime = h.services.realtime;
    const toUser = vi.spyOn(realtime, 'emitToUser');
    const toAll = vi.spyOn(realtime, 'emitToAll');
    const made = (await bid(talent, gig.id)).json();
    const bidEvents = toUser.mock.calls.filter(([, event]) => event === 'bid:created');
    expect(bidEvents.map(([userId]) => userId).sort()).toEqual([poster.user.id, talent.user.id].sort());
    expect(bidEvents[0]![2]).toEqual({ resourceId: made.id, gigId: gig.id });
    expect(toAll.mock.calls.some(([event]) => event === 'bid:created')).toBe(false);
    expect(toAll.mock.calls).toContainEqual(['gig:updated', { resourceId: gig.id }]);
    toUser.mockRestore();
    toAll.mockRestore();
  });

  it('lets the bidder edit and withdraw while the gig is open, then bid again', async () => {
    const gig = await post();
    const made = (await bid(talent, gig.id)).json();
    const edited = await as(h, talent)('PATCH', `/api/talent/bids/${made.id}`, bidInput({ amount: 3_000_000 }));
    expect(edited.json()).toMatchObject({ amount: 3_000_000, status: 'pending' });
    expect((await as(h, talent)('POST', `/api/talent/bids/${made.id}/withdraw`)).json().status).toBe('withdrawn');
    expect((await as(h, talent)('POST', `/api/talent/bids/${made.id}/withdraw`)).statusCode).toBe(409);
    expect((await bid(talent, gig.id)).statusCode).toBe(201);
    const mine = (await as(h, talent)('GET', '/api/talent/my-bids'))
      .json()
      .bids.filter((b: { gig: { id: string } }) => b.gig.id === gig.id);
    expect(mine.map((b: { status: string }) => b.status).sort()).toEqual(['pending', 'withdrawn']);
  });
});

describe('hiring', () => {
  it('accepting starts the gig, rejects the others, tells every bidder and opens the chat', async () => {
    const gig = await post();
    const chosen = (await bid(talent, gig.id)).json();
    await bid(rival, gig.id);
    const res = await as(h, poster)('POST', `/api/talent/bids/${chosen.id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_progress', talent: { id: talent.user.id } });
    const statuses = Object.fromEntries(
      res.json().bids.map((b: { bidder: { id: string }; status: string }) => [b.bidder.id, b.status]),
    );
    expect(statuses).toEqual({ [talent.user.id]: 'accepted', [rival.user.id]: 'rejected' });
    const told = async (who: Actor) =>
      (await as(h, who)('GET', '/api/notifications')).json().notifications.map((n: { title: string }) => n.title);
    expect(await told(talent)).toContain('Your bid was accepted');
    expect(await told(rival)).toContain('Another bid was chosen');
    const conversations = (await as(h, poster)('GET', '/api/chat/conversations')).json();
    const list = Array.isArray(conversations) ? conversations : conversations.conversations;
    expect(list.some((c: { other: { id: string } }) => c.other.id === talent.user.id)).toBe(true);
    // Closed now: no new bids, no more withdrawing.
    expect((await bid(stranger, gig.id)).statusCode).toBe(409);
  });

  it('two accepts racing: exactly one bid is accepted', async () => {
    const gig = await post();
    const a = (await bid(talent, gig.id)).json();
    const b = (await bid(rival, gig.id)).json();
    const results = await Promise.all([
      as(h, poster)('POST', `/api/talent/bids/${a.id}/accept`),
      as(h, poster)('POST', `/api/talent/bids/${b.id}/accept`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const detail = (await as(h, poster)('GET', `/api/talent/gigs/${gig.id}`)).json();
    expect(detail.bids.filter((x: { status: string }) => x.status === 'accepted')).toHaveLength(1);
    expect(detail.bids.filter((x: { status: string }) => x.status === 'pending')).toHaveLength(0);
  });

  it('a bid racing an accept is either refused or rejected with the others', async () => {
    const gig = await post();
    const a = (await bid(talent, gig.id)).json();
    const [accepted, late] = await Promise.all([
      as(h, poster)('POST', `/api/talent/bids/${a.id}/accept`),
      bid(rival, gig.id),
    ]);
    expect(accepted.statusCode).toBe(200);
    expect([201, 409]).toContain(late.statusCode);
    const detail = (await as(h, poster)('GET', `/api/talent/gigs/${gig.id}`)).json();
    expect(detail.bids.filter((x: { status: string }) => x.status === 'pending')).toHaveLength(0);
    expect(
      detail.bids.filter((x: { status: string }) => x.status === 'accepted').map((x: { id: string }) => x.id),
    ).toEqual([a.id]);
  });

  it('a withdrawn bid cannot be accepted', async () => {
    const gig = await post();
    const a = (await bid(talent, gig.id)).json();
    await as(h, talent)('POST', `/api/talent/bids/${a.id}/withdraw`);
    expect((await as(h, poster)('POST', `/api/talent/bids/${a.id}/accept`)).statusCode).toBe(409);
    expect((await as(h, poster)('GET', `/api/talent/gigs/${gig.id}`)).json().status).toBe('open');
  });
});

describe('delivery and completion', () => {
  it('allows three change requests, then only accept or dispute', async () => {
    const { id } = await makeGig(h, poster.user, 'in_progress', { talent: talent.user });
    for (let i = 0; i < 3; i++) {
      expect(
        (await as(h, talent)('POST', `/api/talent/gigs/${id}/deliver`, { note: `Version ${i + 1}` })).json().status,
      ).toBe('delivered');
      expect(
        (await as(h, poster)('POST', `/api/talent/gigs/${id}/request-changes`, { note: 'Bigger letters' })).json()
          .status,
      ).toBe('in_progress');
    }
    await as(h, talent)('POST', `/api/talent/gigs/${id}/deliver`, { note: 'Version 4' });
    const fourth = await as(h, poster)('POST', `/api/talent/gigs/${id}/request-changes`, { note: 'Again' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toContain('3 times');
    const done = (await as(h, poster)('POST', `/api/talent/gigs/${id}/accept-delivery`)).json();
    expect(done).toMatchObject({ status: 'completed', changeRequests: 3 });
  });

  it('completes a delivery nobody answers 7 days later, and not before', async () => {
    const { id } = await makeGig(h, poster.user, 'delivered', { talent: talent.user });
    h.clock.advance(6 * DAY_MS);
    await h.jobs.runDue();
    expect((await as(h, poster)('GET', `/api/talent/gigs/${id}`)).json().status).toBe('delivered');
    h.clock.advance(DAY_MS + 60_000);
    await h.jobs.runDue();
    expect((await as(h, poster)('GET', `/api/talent/gigs/${id}`)).json().status).toBe('completed');
  });

  it('an old auto-complete does nothing after changes were asked and the work delivered again', async () => {
    const { id } = await makeGig(h, poster.user, 'delivered', { talent: talent.user });
    h.clock.advance(3 * DAY_MS);
    await refresh(poster, talent);
    await as(h, poster)('POST', `/api/talent/gigs/${id}/request-changes`, { note: 'One more thing' });
    await as(h, talent)('POST', `/api/talent/gigs/${id}/deliver`, { note: 'Done' });
    h.clock.advance(4 * DAY_MS + 60_000);
    await h.jobs.runDue();
    expect((await as(h, poster)('GET', `/api/talent/gigs/${id}`)).json().status).toBe('delivered');
    h.clock.advance(3 * DAY_MS);
    await h.jobs.runDue();
    expect((await as(h, poster)('GET', `/api/talent/gigs/${id}`)).json().status).toBe('completed');
  });

  it('cancels an open gig (rejecting its bids) but not one in progress; disputes after delivery', async () => {
    const open = await post();
    await bid(talent, open.id);
    expect((await as(h, poster)('POST', `/api/talent/gigs/${open.id}/cancel`)).json().status).toBe('cancelled');
    const mine = (await as(h, talent)('GET', '/api/talent/my-bids'))
      .json()
      .bids.find((b: { gig: { id: string } }) => b.gig.id === open.id);
    expect(mine.status).toBe('rejected');
    const busy = await makeGig(h, poster.user, 'in_progress', { talent: talent.user });
    expect((await as(h, poster)('POST', `/api/talent/gigs/${busy.id}/cancel`)).statusCode).toBe(409);
    expect((await as(h, talent)('POST', `/api/talent/gigs/${busy.id}/dispute`)).statusCode).toBe(409);
    await as(h, talent)('POST', `/api/talent/gigs/${busy.id}/deliver`, { note: 'Files attached' });
    expect(
      (await as(h, talent)('POST', `/api/talent/gigs/${busy.id}/dispute`, { note: 'No answer' })).json().status,
    ).toBe('disputed');
    expect((await h.services.gigs.disputes()).map((d) => d.gig.id)).toContain(busy.id);
  });
});

describe('reviews', () => {
  it('only after completion, once per side, hidden until both have written', async () => {
    const busy = await makeGig(h, poster.user, 'in_progress', { talent: talent.user });
    expect(
      (await as(h, poster)('POST', `/api/talent/gigs/${busy.id}/reviews`, { rating: 5, text: 'Great' })).statusCode,
    ).toBe(409);

    const { id } = await makeGig(h, poster.user, 'completed', { talent: talent.user });
    expect(
      (await as(h, stranger)('POST', `/api/talent/gigs/${id}/reviews`, { rating: 5, text: 'Great' })).statusCode,
    ).toBe(403);
    expect(
      (await as(h, poster)('POST', `/api/talent/gigs/${id}/reviews`, { rating: 5, text: 'Fast and careful' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await as(h, poster)('POST', `/api/talent/gigs/${id}/reviews`, { rating: 4, text: 'Again' })).statusCode,
    ).toBe(409);
    const hidden = (await as(h, null)('GET', `/api/talent/gigs/${id}`)).json();
    expect(hidden.reviews).toEqual([]);
    expect((await as(h, poster)('GET', `/api/talent/gigs/${id}`)).json().myReview).toMatchObject({ rating: 5 });
    expect(
      (await as(h, talent)('POST', `/api/talent/gigs/${id}/reviews`, { rating: 4, text: 'Clear brief' })).statusCode,
    ).toBe(201);
    const shown = (await as(h, null)('GET', `/api/talent/gigs/${id}`)).json();
    expect(shown.reviews.map((r: { rating: number }) => r.rating).sort()).toEqual([4, 5]);
  });

  it('shows a lone review 14 days after completion, on the harness clock', async () => {
    const lone = await actor(h, 'talent');
    const { id } = await makeGig(h, poster.user, 'completed', { talent: lone.user });
    await as(h, poster)('POST', `/api/talent/gigs/${id}/reviews`, { rating: 3, text: 'Fine' });
    h.clock.advance(13 * DAY_MS);
    await h.jobs.runDue();
    expect((await as(h, null)('GET', `/api/talent/gigs/${id}`)).json().reviews).toEqual([]);
    h.clock.advance(DAY_MS + 60_000);
    await h.jobs.runDue();
    expect((await as(h, null)('GET', `/api/talent/gigs/${id}`)).json().reviews).toMatchObject([
      { rating: 3, subjectId: lone.user.id },
    ]);
    await refresh(lone);
    const bidOnNext = await makeGig(h, poster.user, 'open');
    const shown = (await as(h, lone)('POST', `/api/talent/gigs/${bidOnNext.id}/bids`, bidInput())).json();
    expect(shown.bidder).toMatchObject({ rating: 3, completedGigs: 1 });
  });
});

describe('suspension', () => {
  it('a member suspended from talent gets 403 ACCOUNT_SUSPENDED on gigs', async () => {
    const suspended = await actor(h, 'talent');
    const gig = await post();
    await h.services.accounts.suspend(suspended.user.id, { reason: 'Spam bids', restrictions: ['talent'] });
    for (const [method, url, body] of [
      ['GET', '/api/talent/gigs', undefined],
      ['POST', `/api/talent/gigs/${gig.id}/bids`, bidInput()],
      ['POST', '/api/talent/gigs', gigInput()],
    ] as const) {
      const res = await as(h, suspended)(method, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
    }
  });
});
