import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';
import { mentorReviews } from './reviews/reviews.table';
import { applicationInput, makeMentor, makePlan, planInput } from './testing/mentorship-fixtures';
import { pastSession } from './testing/review-fixtures';

/**
 * Who may call which mentorship route, as a table (issue 15's callers): every route, nine kinds
 * of caller, each cell on fresh data. "mentee" subscribes to "mentor"; "otherMentee" to
 * "otherMentor"; "suspended" is a mentor suspended from mentorship.
 */
let h: Harness;
const WHO = [
  'visitor',
  'member',
  'applicant',
  'mentor',
  'otherMentor',
  'mentee',
  'otherMentee',
  'suspended',
  'admin',
] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;
const ms = () => h.services.mentorship;
const mentor = () => people.mentor!;
let heldSubscription = '';

beforeAll(async () => {
  h = await createHarness();
  people.visitor = null;
  people.admin = await actor(h, 'admin');
  people.member = await actor(h, 'general');
  people.applicant = await actor(h, 'general');
  await ms().applications.apply(people.applicant.user, applicationInput());
  people.mentor = await makeMentor(h, people.admin);
  people.otherMentor = await makeMentor(h, people.admin);
  people.mentee = await actor(h, 'general');
  people.otherMentee = await actor(h, 'general');
  const free = await makePlan(h, mentor(), { priceMinor: 0 });
  const held = await ms().subscriptions.subscribe(people.mentee.user, free.id);
  await ms().plans.update(mentor().user, free.id, { active: false });
  // A held session lets "mentee" review "mentor" (once: the matrix calls each cell once).
  if (held.created) {
    heldSubscription = held.subscription.id;
    await pastSession(h, mentor(), people.mentee, held.subscription.id);
  }
  const otherFree = await makePlan(h, people.otherMentor, { priceMinor: 0 });
  await ms().subscriptions.subscribe(people.otherMentee.user, otherFree.id);
  await ms().plans.update(people.otherMentor.user, otherFree.id, { active: false });
  people.suspended = await makeMentor(h, people.admin);
  await h.services.accounts.suspend(people.suspended.user.id, {
    reason: 'Abusive sessions',
    restrictions: ['mentorship'],
  });
});
afterAll(() => h.close());

/** A plan of "mentor" made for one call, inactive unless asked, so the limit of three is never met. */
const freshPlan = (over: Parameters<typeof makePlan>[2] = {}) => makePlan(h, mentor(), { active: false, ...over });
const openPlan = async (over: Parameters<typeof makePlan>[2] = {}) => {
  // The earlier calls' plans are closed first: at most three may be active.
  for (const p of (await ms().plans.own(mentor().user)).plans)
    if (p.active) await ms().plans.update(mentor().user, p.id, { active: false });
  const plan = await freshPlan(over);
  await ms().plans.update(mentor().user, plan.id, { active: true });
  return plan;
};
/** A live subscription of "mentee" to a fresh plan of "mentor"; the plan is closed again afterwards. */
async function freshSubscription(over: Parameters<typeof makePlan>[2] = { priceMinor: 0 }) {
  const plan = await openPlan(over);
  const result = await ms().subscriptions.subscribe(people.mentee!.user, plan.id);
  await ms().plans.update(mentor().user, plan.id, { active: false });
  if (!result.created) throw new Error('expected a subscription');
  return result.subscription;
}
/** A review of "mentor" by "mentee" for one call, in a past period of its own (the unique index allows one per period). */
let pastPeriods = 0;
async function freshReview(over: Partial<typeof mentorReviews.$inferInsert> = {}) {
  const periodStart = new Date(Date.UTC(2000, 0, 1 + pastPeriods++));
  const [row] = await h.app.database.db
    .insert(mentorReviews)
    .values({
      mentorId: mentor().user.id,
      menteeId: people.mentee!.user.id,
      subscriptionId: heldSubscription,
      periodStart,
      rating: 4,
      text: 'Practical advice every session.',
      ...over,
    })
    .returning();
  return row!.id;
}
async function pendingApplication() {
  const who = await actor(h, 'general');
  return (await ms().applications.apply(who.user, applicationInput())).id;
}

// Callers:      visitor member applicant mentor otherMentor mentee otherMentee suspended admin
const rows: AuthzRow[] = [
  {
    route: 'POST /api/mentorship/applications',
    call: async () => ['POST', '/api/mentorship/applications', applicationInput()],
    expect: [401, 201, 409, 409, 409, 201, 201, 403, 403],
  },
  {
    route: 'GET /api/mentorship/applications',
    call: async () => ['GET', '/api/mentorship/applications'],
    expect: [401, 200, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/admin/mentor-applications',
    call: async () => ['GET', '/api/admin/mentor-applications?status=pending'],
    expect: [401, 403, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/mentor-applications/{id}/decision',
    call: async () => [
      'POST',
      `/api/admin/mentor-applications/${await pendingApplication()}/decision`,
      { decision: 'approve' },
    ],
    expect: [401, 403, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'GET /api/mentors',
    call: async () => ['GET', '/api/mentors?q=engineer&page=1'],
    expect: [200, 200, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/mentors/{id}',
    call: async () => ['GET', `/api/mentors/${mentor().user.id}`],
    expect: [200, 200, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/mentors/{id}/plans',
    call: async () => ['GET', `/api/mentors/${mentor().user.id}/plans`],
    expect: [200, 200, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/mentor/plans',
    call: async () => ['GET', '/api/mentor/plans'],
    expect: [401, 403, 403, 200, 200, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/mentor/plans',
    call: async () => ['POST', '/api/mentor/plans', planInput({ active: false })],
    expect: [401, 403, 403, 201, 201, 403, 403, 403, 403],
  },
  {
    route: 'PATCH /api/mentor/plans/{id}',
    call: async () => ['PATCH', `/api/mentor/plans/${(await freshPlan()).id}`, { name: 'Renamed plan' }],
    expect: [401, 403, 403, 200, 404, 403, 403, 403, 403],
  },
  {
    route: 'DELETE /api/mentor/plans/{id}',
    call: async () => ['DELETE', `/api/mentor/plans/${(await freshPlan()).id}`],
    expect: [401, 403, 403, 204, 404, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/mentor/plans/{free}/subscribe',
    call: async () => ['POST', `/api/mentor/plans/${(await openPlan({ priceMinor: 0 })).id}/subscribe`],
    expect: [401, 201, 201, 403, 201, 201, 201, 403, 403],
  },
  {
    route: 'POST /api/mentor/plans/{paid}/subscribe',
    call: async () => ['POST', `/api/mentor/plans/${(await openPlan()).id}/subscribe`],
    expect: [401, 200, 200, 403, 200, 200, 200, 403, 403],
  },
  {
    route: 'GET /api/mentor/subscriptions',
    call: async () => ['GET', '/api/mentor/subscriptions'],
    expect: [401, 403, 403, 200, 200, 403, 403, 403, 403],
  },
  {
    route: 'GET /api/mentee/subscriptions',
    call: async () => ['GET', '/api/mentee/subscriptions'],
    expect: [401, 200, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/subscriptions/{id}/cancel',
    call: async () => ['POST', `/api/subscriptions/${(await freshSubscription()).id}/cancel`, {}],
    expect: [401, 404, 404, 200, 404, 200, 404, 403, 404],
  },
  {
    route: 'POST /api/subscriptions/{id}/pause',
    call: async () => ['POST', `/api/subscriptions/${(await freshSubscription()).id}/pause`, { days: 5 }],
    expect: [401, 404, 404, 403, 404, 200, 404, 403, 404],
  },
  {
    route: 'POST /api/subscriptions/{trial}/renew',
    call: async () => ['POST', `/api/subscriptions/${(await freshSubscription({ trial: true })).id}/renew`],
    expect: [401, 404, 404, 404, 404, 200, 404, 403, 404],
  },
  {
    route: 'GET /api/mentorship/reviews',
    call: async () => ['GET', `/api/mentorship/reviews?mentorId=${mentor().user.id}`],
    expect: [200, 200, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/mentorship/reviews',
    call: async () => [
      'POST',
      '/api/mentorship/reviews',
      { mentorId: mentor().user.id, rating: 4, text: 'Practical advice every single session.' },
    ],
    expect: [401, 403, 403, 403, 403, 201, 403, 403, 403],
  },
  {
    route: 'PUT /api/mentorship/reviews/{id}/reply',
    call: async () => [
      'PUT',
      `/api/mentorship/reviews/${await freshReview()}/reply`,
      { text: 'Thank you for the kind words.' },
    ],
    expect: [401, 403, 403, 200, 403, 403, 403, 403, 403],
  },
  {
    route: 'DELETE /api/mentorship/reviews/{id}/reply',
    call: async () => [
      'DELETE',
      `/api/mentorship/reviews/${await freshReview({ replyText: 'Thanks!', repliedAt: new Date() })}/reply`,
    ],
    expect: [401, 403, 403, 204, 403, 403, 403, 403, 403],
  },
  {
    route: 'GET /api/admin/mentor-reviews',
    call: async () => ['GET', `/api/admin/mentor-reviews?userId=${mentor().user.id}`],
    expect: [401, 403, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/mentor-reviews/{id}/hide',
    call: async () => [
      'POST',
      `/api/admin/mentor-reviews/${await freshReview()}/hide`,
      { reason: 'Personal details of another member' },
    ],
    expect: [401, 403, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/mentor-reviews/{id}/unhide',
    call: async () => [
      'POST',
      `/api/admin/mentor-reviews/${await freshReview({ hiddenAt: new Date(), hiddenReason: 'Spam' })}/unhide`,
    ],
    expect: [401, 403, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'GET /api/mentor/earnings',
    call: async () => ['GET', '/api/mentor/earnings'],
    expect: [401, 403, 403, 200, 200, 403, 403, 403, 403],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
