import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, signUpMemberCallers, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';
import { pastSession } from '../mentorship/testing/review-fixtures';
import { subscribe } from '../mentorship/testing/session-fixtures';
import { completedGig, mentorWithMentee } from './testing/passport-fixtures';

/**
 * Who may call the passport's routes: the MEMBER_CALLERS ("member" owns the evidence, "hidden" is
 * suspended with profile_hidden) and a mentor with 3 sessions held with each mentee it is given.
 */
const CALLERS = ['visitor', 'member', 'other', 'hidden', 'admin', 'mentor'] as const;
type Caller = (typeof CALLERS)[number];

let h: Harness;
const people = {} as Record<Caller, Actor | null>;
let deleted: Actor;

beforeAll(async () => {
  h = await createHarness();
  Object.assign(people, await signUpMemberCallers(h, 'Harassment'));
  people.mentor = (await mentorWithMentee(h, ['javascript'], 0)).mentor;
  deleted = await actor(h);
  await h.app.database.db.execute(`update users set deleted_at = now() where id = '${deleted.user.id}'`);
});
afterAll(() => h.close());

const name = (who: Caller) => people[who]!.user.username;

/** A new mentee of the matrix's mentor, with 3 sessions held (each on a day of its own: a mentor's sessions never overlap). */
let day = 1;
async function heldMentee(): Promise<string> {
  const mentee = await actor(h, 'mentee');
  const subscriptionId = await subscribe(h, people.mentor!, mentee);
  for (let i = 0; i < 3; i++) await pastSession(h, people.mentor!, mentee, subscriptionId, { daysAgo: day++ });
  return mentee.user.id;
}

const rows: AuthzRow[] = [
  {
    route: 'GET /api/users/{member}/passport',
    call: async () => ['GET', `/api/users/${name('member')}/passport`],
    expect: [401, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/users/{hidden}/passport',
    call: async () => ['GET', `/api/users/${name('hidden')}/passport`],
    expect: [401, 404, 404, 200, 200, 404],
  },
  {
    route: 'GET /api/users/{deleted}/passport',
    call: async () => ['GET', `/api/users/${deleted.user.username}/passport`],
    expect: [401, 404, 404, 404, 200, 404],
  },
  {
    route: 'GET /api/users/{unknown}/passport',
    call: async () => ['GET', '/api/users/nobody-at-all/passport'],
    expect: [401, 404, 404, 404, 404, 404],
  },
  {
    route: "PUT /api/passport/evidence/{member's}/visibility",
    call: async () => {
      const gigId = await completedGig(h, people.member!, ['html'], { rating: 4 });
      return ['PUT', `/api/passport/evidence/gig:${gigId}:html/visibility`, { hidden: true }];
    },
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/mentor/endorsements/skills',
    call: async () => ['GET', `/api/mentor/endorsements/skills?menteeId=${await heldMentee()}`],
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/mentor/endorsements',
    call: async () => [
      'POST',
      '/api/mentor/endorsements',
      { menteeId: await heldMentee(), skill: 'javascript', text: 'Wrote clean, tested JavaScript in every session.' },
    ],
    expect: [401, 403, 403, 403, 403, 201],
  },
  {
    // Each caller asks for their own skill's credential; nobody has evidence of Figma (the happy path:
    // skill-credentials.integration.test.ts).
    route: 'POST /api/passport/skills/{slug}/credential',
    call: async () => ['POST', '/api/passport/skills/figma/credential'],
    expect: [401, 409, 409, 409, 409, 409],
  },
];

describeAuthzMatrix(() => h, CALLERS, people, rows);
