import { afterAll, beforeAll } from 'vitest';
import {
  describeAuthzMatrix,
  MEMBER_CALLERS,
  signUpMemberCallers,
  type AuthzRow,
  type MemberCaller,
} from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import type { Actor } from '../courses/testing/course-fixtures';
import { certifiedLearner } from './testing/credential-fixtures';

/**
 * Who may call the credentials routes: reading is for everyone (a verifier signs in nowhere);
 * revoking by hand is an admin's alone.
 */
let h: Harness;
const people = {} as Record<MemberCaller, Actor | null>;
let n = 0;

beforeAll(async () => {
  h = await createHarness();
  Object.assign(people, await signUpMemberCallers(h, 'Harassment'));
});
afterAll(() => h.close());

const fresh = async () => (await certifiedLearner(h, `Skill ${n++}`)).credentialId;

const rows: AuthzRow[] = [
  {
    route: 'GET /api/credentials/{id}',
    call: async () => ['GET', `/api/credentials/${await fresh()}`],
    expect: [200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/credentials/status/1',
    call: async () => ['GET', '/api/credentials/status/1'],
    expect: [200, 200, 200, 200, 200],
  },
  {
    route: 'GET /.well-known/jwks.json',
    call: async () => ['GET', '/.well-known/jwks.json'],
    expect: [200, 200, 200, 200, 200],
  },
  {
    route: 'GET /.well-known/did.json',
    call: async () => ['GET', '/.well-known/did.json'],
    expect: [200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/admin/credentials/{id}/revoke',
    call: async () => ['POST', `/api/admin/credentials/${await fresh()}/revoke`, { reason: 'Evidence withdrawn' }],
    expect: [401, 403, 403, 403, 204],
  },
  {
    route: 'POST /api/admin/credentials/{unknown}/revoke',
    call: async () => [
      'POST',
      '/api/admin/credentials/00000000-0000-4000-8000-000000000000/revoke',
      { reason: 'Gone' },
    ],
    expect: [401, 403, 403, 403, 404],
  },
];

describeAuthzMatrix(() => h, MEMBER_CALLERS, people, rows);
