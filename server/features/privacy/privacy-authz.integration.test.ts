import { afterAll, beforeAll } from 'vitest';
import {
  describeAuthzMatrix,
  MEMBER_CALLERS,
  signUpMemberCallers,
  type AuthzRow,
  type MemberCaller,
} from '#server/test/authz-matrix';
import { PASSWORD, createHarness, type Harness } from '#server/test/harness';
import type { Actor } from '../courses/testing/course-fixtures';

/**
 * Who may call which privacy route. "member" owns what is at hand (their export), "other" is
 * another member, "hidden" is suspended with `profile_hidden`: a suspension never takes away
 * access to or erasure of one's own data. Admins close their accounts through another admin.
 */
let h: Harness;
const people = {} as Record<MemberCaller, Actor | null>;

beforeAll(async () => {
  h = await createHarness();
  Object.assign(people, await signUpMemberCallers(h, 'Spam'));
});
afterAll(() => h.close());

/** A ready export of "member". */
async function readyExport() {
  const { privacy } = h.services;
  const started = await privacy.requestExport(people.member!.user.id);
  await privacy.buildExport(started.export!.id);
  return started.export!.id;
}

const rows: AuthzRow[] = [
  { route: 'GET /api/user/age', call: async () => ['GET', '/api/user/age'], expect: [401, 200, 200, 200, 200] },
  {
    route: 'PUT /api/user/date-of-birth',
    call: async () => ['PUT', '/api/user/date-of-birth', { dateOfBirth: '1990-01-01' }],
    expect: [401, 200, 200, 200, 200],
  },
  // Adults need no consent: the request is refused as pointless, after the session check.
  {
    route: 'POST /api/user/guardian-consent',
    call: async () => [
      'POST',
      '/api/user/guardian-consent',
      { guardianName: 'Ngozi Eze', guardianEmail: 'ngozi@example.com' },
    ],
    expect: [401, 409, 409, 409, 409],
  },
  {
    route: 'GET /api/guardian-consent',
    call: async () => ['GET', '/api/guardian-consent?token=not-a-token'],
    expect: [400, 400, 400, 400, 400],
  },
  {
    route: 'POST /api/guardian-consent',
    call: async () => ['POST', '/api/guardian-consent', { token: 'not-a-token', confirm: true }],
    expect: [400, 400, 400, 400, 400],
  },
  { route: 'GET /api/user/export', call: async () => ['GET', '/api/user/export'], expect: [401, 200, 200, 200, 200] },
  { route: 'POST /api/user/export', call: async () => ['POST', '/api/user/export'], expect: [401, 202, 202, 202, 202] },
  {
    route: 'GET /api/user/exports/{id}/download',
    call: async () => ['GET', `/api/user/exports/${await readyExport()}/download`],
    expect: [401, 200, 404, 404, 404],
  },
  {
    route: 'GET /api/user/deletion',
    call: async () => ['GET', '/api/user/deletion'],
    expect: [401, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/user/delete',
    call: async () => ['POST', '/api/user/delete', { password: PASSWORD }],
    expect: [401, 202, 202, 202, 403],
  },
  {
    route: 'POST /api/user/deletion/cancel',
    call: async () => ['POST', '/api/user/deletion/cancel'],
    expect: [401, 200, 200, 200, 200],
  },
];

describeAuthzMatrix(() => h, MEMBER_CALLERS, people, rows);
