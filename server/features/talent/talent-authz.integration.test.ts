import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';
import { bidInput, gigFile, gigInput, listedTalent, makeGig } from './testing/gig-fixtures';

/**
 * Who may call which talent route, as a table: every route, seven kinds of caller, each cell on
 * fresh gigs. "bidder" has a bid on the gig at hand (and is hired once it starts); "otherBidder"
 * has a bid on it too; "suspended" is barred from the talent area.
 */
let h: Harness;
const WHO = ['visitor', 'member', 'poster', 'bidder', 'otherBidder', 'suspended', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;
/** A listed talent nobody in the table is: whom "Invite to bid" invites. */
let invitee: Actor;

beforeAll(async () => {
  h = await createHarness();
  people.visitor = null;
  people.member = await actor(h);
  people.poster = await actor(h);
  people.bidder = await actor(h, 'talent');
  people.otherBidder = await actor(h, 'talent');
  people.suspended = await actor(h, 'talent');
  people.admin = await actor(h, 'admin');
  invitee = await listedTalent(h, { headline: 'Sign writer in Aba', skills: [], rate: 300_000 });
  await h.services.accounts.suspend(people.suspended.user.id, { reason: 'Spam bids', restrictions: ['talent'] });
});
afterAll(() => h.close());

const gigs = () => h.services.gigs;
const user = (who: Who) => people[who]!.user;

/** An open gig of the poster with a pending bid from each bidder. */
async function openWithBids() {
  const gig = await gigs().create(user('poster'), gigInput());
  const bid = await gigs().bid(user('bidder'), gig.id, bidInput());
  await gigs().bid(user('otherBidder'), gig.id, bidInput({ amount: 4_000_000 }));
  return { id: gig.id, bidId: bid.id };
}
const at = (status: 'in_progress' | 'delivered' | 'completed') =>
  makeGig(h, user('poster'), status, { talent: user('bidder') });

/** The URL of a private file the hired bidder delivered; the gig then disputed if asked. */
async function deliveredFile(disputed = false): Promise<string> {
  const gig = await at('in_progress');
  const file = await gigFile(h, people.bidder!, 'pdf', { private: true });
  await gigs().deliver(user('bidder'), gig.id, 'The guide is attached.', [file.id]);
  if (disputed) await gigs().dispute(user('poster'), gig.id, 'Pages are missing.');
  return file.url;
}
/** The URL of a PDF the poster attached to an open gig. */
async function attachedPdf(): Promise<string> {
  const file = await gigFile(h, people.poster!, 'pdf');
  await gigs().create(user('poster'), gigInput({ attachmentUploadIds: [file.id] }));
  return file.url;
}

const rows: AuthzRow[] = [
  {
    route: 'GET /api/talent/gigs',
    call: async () => ['GET', '/api/talent/gigs'],
    expect: [200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/talent/gigs',
    call: async () => ['POST', '/api/talent/gigs', gigInput()],
    expect: [401, 201, 201, 201, 201, 403, 201],
  },
  {
    route: 'GET /api/talent/gigs/{id}',
    call: async () => ['GET', `/api/talent/gigs/${(await openWithBids()).id}`],
    expect: [200, 200, 200, 200, 200, 403, 200],
  },
  {
    // The viewer's own match against their passport (issue 31 item 3): any member of the area.
    route: 'GET /api/talent/gigs/{id}/match',
    call: async () => ['GET', `/api/talent/gigs/${(await openWithBids()).id}/match`],
    expect: [401, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/talent/gigs/{id}/bids',
    call: async () => ['POST', `/api/talent/gigs/${(await openWithBids()).id}/bids`, bidInput()],
    expect: [401, 201, 403, 409, 409, 403, 201],
  },
  {
    route: 'POST /api/talent/gigs/{in_progress}/bids',
    call: async () => ['POST', `/api/talent/gigs/${(await at('in_progress')).id}/bids`, bidInput()],
    expect: [401, 409, 403, 409, 409, 403, 409],
  },
  {
    route: 'PATCH /api/talent/bids/{id}',
    call: async () => ['PATCH', `/api/talent/bids/${(await openWithBids()).bidId}`, bidInput({ amount: 3_000_000 })],
    expect: [401, 403, 403, 200, 403, 403, 403],
  },
  {
    route: 'POST /api/talent/bids/{id}/accept',
    call: async () => ['POST', `/api/talent/bids/${(await openWithBids()).bidId}/accept`],
    expect: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/talent/bids/{id}/withdraw',
    call: async () => ['POST', `/api/talent/bids/${(await openWithBids()).bidId}/withdraw`],
    expect: [401, 403, 403, 200, 403, 403, 403],
  },
  {
    route: 'POST /api/talent/gigs/{in_progress}/deliver',
    call: async () => [
      'POST',
      `/api/talent/gigs/${(await at('in_progress')).id}/deliver`,
      { note: 'The files are in the shared folder.' },
    ],
    expect: [401, 403, 403, 200, 403, 403, 403],
  },
  {
    route: 'POST /api/talent/gigs/{delivered}/accept-delivery',
    call: async () => ['POST', `/api/talent/gigs/${(await at('delivered')).id}/accept-delivery`],
    expect: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/talent/gigs/{delivered}/request-changes',
    call: async () => [
      'POST',
      `/api/talent/gigs/${(await at('delivered')).id}/request-changes`,
      { note: 'Bigger letters, please.' },
    ],
    expect: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/talent/gigs/{open}/cancel',
    call: async () => ['POST', `/api/talent/gigs/${(await openWithBids()).id}/cancel`],
    expect: [401, 403, 200, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/talent/gigs/{delivered}/dispute',
    call: async () => ['POST', `/api/talent/gigs/${(await at('delivered')).id}/dispute`, { note: 'Not as agreed.' }],
    expect: [401, 403, 200, 200, 403, 403, 403],
  },
  {
    route: 'POST /api/talent/gigs/{completed}/reviews',
    call: async () => [
      'POST',
      `/api/talent/gigs/${(await at('completed')).id}/reviews`,
      { rating: 5, text: 'Good to work with.' },
    ],
    expect: [401, 403, 201, 201, 403, 403, 403],
  },
  {
    route: 'POST /api/talent/gigs/{open}/invitations',
    call: async () => [
      'POST',
      `/api/talent/gigs/${(await openWithBids()).id}/invitations`,
      { talentId: invitee.user.id },
    ],
    expect: [401, 403, 201, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/talent/gigs/{in_progress}/invitations',
    call: async () => [
      'POST',
      `/api/talent/gigs/${(await at('in_progress')).id}/invitations`,
      { talentId: invitee.user.id },
    ],
    expect: [401, 403, 409, 403, 403, 403, 403],
  },
  {
    route: "GET /uploads/{gig's PDF attachment}",
    call: async () => ['GET', await attachedPdf()],
    expect: [200, 200, 200, 200, 200, 404, 200],
  },
  {
    route: "GET /uploads/{delivery's private file}",
    call: async () => ['GET', await deliveredFile()],
    expect: [404, 404, 200, 200, 404, 404, 404],
  },
  {
    route: "GET /uploads/{disputed delivery's private file}",
    call: async () => ['GET', await deliveredFile(true)],
    expect: [404, 404, 200, 200, 404, 404, 200],
  },
  {
    route: 'POST /api/talent/gigs/{in_progress}/deliver with files',
    call: async () => {
      const gig = await at('in_progress');
      return [
        'POST',
        `/api/talent/gigs/${gig.id}/deliver`,
        { note: 'Attached.', fileUploadIds: [(await gigFile(h, people.bidder!, 'png', { private: true })).id] },
      ];
    },
    expect: [401, 403, 403, 200, 403, 403, 403],
  },
  {
    route: 'GET /api/talent/my-gigs',
    call: async () => ['GET', '/api/talent/my-gigs'],
    expect: [401, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/talent/my-invitations',
    call: async () => ['GET', '/api/talent/my-invitations'],
    expect: [401, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/talent/my-bids',
    call: async () => ['GET', '/api/talent/my-bids'],
    expect: [401, 200, 200, 200, 200, 403, 200],
  },
  { route: 'GET /api/talent', call: async () => ['GET', '/api/talent'], expect: [200, 200, 200, 200, 200, 403, 200] },
  {
    // The level filter (decision 079) narrows the directory for everyone alike.
    route: 'GET /api/talent?skills=react&level=proven',
    call: async () => ['GET', '/api/talent?skills=react&level=proven'],
    expect: [200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/talent/portfolio',
    call: async () => ['POST', '/api/talent/portfolio', { title: 'Menu for a buka', link: 'https://example.com/menu' }],
    expect: [401, 403, 403, 201, 201, 403, 403],
  },
  {
    route: 'DELETE /api/talent/portfolio/{id}',
    call: async () => [
      'DELETE',
      `/api/talent/portfolio/${(await h.services.portfolio.add(user('bidder'), { title: 'Logo for a school' })).id}`,
    ],
    expect: [401, 404, 404, 204, 404, 403, 404],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
