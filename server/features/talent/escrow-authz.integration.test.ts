import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';
import { fund } from './testing/escrow-fixtures';
import { makeGig } from './testing/gig-fixtures';

/**
 * Who may call which escrow route (decision 060), as a table on fresh gigs: only the poster plans,
 * funds and cancels; the poster or the hired talent ("bidder") disputes; only an admin decides.
 * Anyone else is told nothing about a milestone (404); "suspended" is barred from the talent area.
 */
let h: Harness;
const WHO = ['visitor', 'member', 'poster', 'bidder', 'otherBidder', 'suspended', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;

beforeAll(async () => {
  h = await createHarness();
  people.visitor = null;
  people.member = await actor(h);
  people.poster = await actor(h);
  people.bidder = await actor(h, 'talent');
  people.otherBidder = await actor(h, 'talent');
  people.suspended = await actor(h, 'talent');
  people.admin = await actor(h, 'admin');
  await h.services.accounts.suspend(people.suspended.user.id, { reason: 'Spam bids', restrictions: ['talent'] });
});
afterAll(() => h.close());

/** A gig in progress with the bidder hired, and its one milestone (funded when asked). */
async function milestone(funded = false): Promise<{ gigId: string; id: string }> {
  const gig = await makeGig(h, people.poster!.user, 'in_progress', { talent: people.bidder!.user });
  const id = (await h.services.gigs.detail(people.poster!.user, gig.id)).milestones![0]!.id;
  if (funded) await fund(h, people.poster!, id);
  return { gigId: gig.id, id };
}

const rows: AuthzRow[] = [
  {
    route: 'PUT /api/talent/gigs/{in_progress}/milestones',
    call: async () => [
      'PUT',
      `/api/talent/gigs/${(await milestone()).gigId}/milestones`,
      { milestones: [{ title: 'All of it', amountMinor: 3_500_000 }] },
    ],
    expect: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/talent/milestones/{unfunded}/checkout',
    call: async () => ['POST', `/api/talent/milestones/${(await milestone()).id}/checkout`],
    expect: [401, 404, 200, 403, 404, 403, 404],
  },
  {
    route: 'POST /api/talent/milestones/{unfunded}/cancel',
    call: async () => ['POST', `/api/talent/milestones/${(await milestone()).id}/cancel`],
    expect: [401, 404, 200, 403, 404, 403, 404],
  },
  {
    route: 'POST /api/talent/milestones/{funded}/dispute',
    call: async () => [
      'POST',
      `/api/talent/milestones/${(await milestone(true)).id}/dispute`,
      { reason: 'The work stopped a week ago.' },
    ],
    expect: [401, 404, 200, 200, 404, 403, 404],
  },
  {
    route: 'POST /api/admin/milestones/{funded}/resolve',
    call: async () => [
      'POST',
      `/api/admin/milestones/${(await milestone(true)).id}/resolve`,
      { outcome: 'release', reason: 'The work matches the brief.' },
    ],
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
