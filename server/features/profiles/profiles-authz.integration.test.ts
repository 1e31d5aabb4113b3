import { afterAll, beforeAll } from 'vitest';
import {
  describeAuthzMatrix,
  MEMBER_CALLERS,
  signUpMemberCallers,
  type AuthzRow,
  type MemberCaller,
} from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';

/**
 * Who may call the profile and skills routes. "member" looks at "other"; "hidden" is suspended
 * with profile_hidden; "deleted" is another account marked deleted, seen by each caller.
 */
let h: Harness;
const people = {} as Record<MemberCaller, Actor | null>;
let deleted: Actor;

beforeAll(async () => {
  h = await createHarness();
  Object.assign(people, await signUpMemberCallers(h, 'Harassment'));
  deleted = await actor(h);
  await h.app.database.db.execute(`update users set deleted_at = now() where id = '${deleted.user.id}'`);
});
afterAll(() => h.close());

const name = (who: MemberCaller) => people[who]!.user.username;
let n = 0;

const rows: AuthzRow[] = [
  {
    route: 'GET /api/users/{member}',
    call: async () => ['GET', `/api/users/${name('member')}`],
    expect: [401, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/users/{hidden}',
    call: async () => ['GET', `/api/users/${name('hidden')}`],
    expect: [401, 404, 404, 200, 200],
  },
  {
    route: 'GET /api/users/{deleted}',
    call: async () => ['GET', `/api/users/${deleted.user.username}`],
    expect: [401, 404, 404, 404, 200],
  },
  {
    route: 'GET /api/users/{unknown}',
    call: async () => ['GET', '/api/users/nobody-at-all'],
    expect: [401, 404, 404, 404, 404],
  },
  {
    route: 'PATCH /api/user/profile',
    call: async () => ['PATCH', '/api/user/profile', { headline: 'Baker' }],
    expect: [401, 200, 200, 200, 200],
  },
  { route: 'GET /api/skills', call: async () => ['GET', '/api/skills?q=ba'], expect: [401, 200, 200, 200, 200] },
  {
    route: 'POST /api/skills',
    call: async () => ['POST', '/api/skills', { name: `kente weaving ${n++}` }],
    expect: [401, 201, 201, 403, 201],
  },
];

describeAuthzMatrix(() => h, MEMBER_CALLERS, people, rows);
