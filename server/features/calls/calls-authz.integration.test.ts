import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';

/**
 * Who may make and see a call, as a table on fresh data. "caller" and "callee" are the two
 * members of the call's source; "suspended" a member suspended from chat and calls. An admin
 * is nobody's call member: calls are private, so they get 404 like any outsider.
 */
let h: Harness;
const WHO = ['visitor', 'caller', 'callee', 'outsider', 'suspended', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;
let sources = 0;

beforeAll(async () => {
  h = await createHarness({
    routes: (_app, services) =>
      services.calls.registerSource('test', async (_id, viewerId) => {
        const members: [string, string] = [people.caller!.user.id, people.callee!.user.id];
        return members.includes(viewerId) ? { memberIds: members } : null;
      }),
  });
  people.visitor = null;
  people.caller = await actor(h, 'general');
  people.callee = await actor(h, 'mentor');
  people.outsider = await actor(h, 'general');
  people.suspended = await actor(h, 'general');
  people.admin = await actor(h, 'admin');
  await h.services.accounts.suspend(people.suspended.user.id, {
    reason: 'Harassment in calls',
    restrictions: ['chat'],
  });
});
afterAll(() => h.close());

const source = () => ({ source: { kind: 'test', id: `s${++sources}` } });
/** A fresh call made by "caller". */
async function room() {
  return (await h.services.calls.create(people.caller!.user, source())).room;
}

const rows: AuthzRow[] = [
  {
    route: 'POST /api/calls',
    call: async () => ['POST', '/api/calls', source()],
    expect: [401, 201, 201, 404, 403, 404],
  },
  {
    route: 'GET /api/calls/{room}',
    call: async () => ['GET', `/api/calls/${await room()}`],
    expect: [401, 200, 200, 404, 403, 404],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
