import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, MEMBER_CALLERS, signUpMemberCallers, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import type { Actor } from '../courses/testing/course-fixtures';

/**
 * Who may call the wallet's reports and its console routes (decision 062): each member reads only
 * their own earnings and CSV (the routes take no id); the console's routes answer admins only,
 * whoever's wallet they name. "member" owns the wallet at hand, "other" is another member.
 */
let h: Harness;
const people = {} as Record<(typeof MEMBER_CALLERS)[number], Actor | null>;
beforeAll(async () => {
  h = await createHarness();
  Object.assign(people, await signUpMemberCallers(h, 'Wallet matrix'));
});
afterAll(() => h.close());

const owner = () => people.member!.user.id;
const adjustment = () => ({
  amountMinor: 1_000,
  bucket: 'available',
  reason: 'Matrix credit for the test',
  key: randomUUID(),
});

const rows: AuthzRow[] = [
  {
    route: 'GET /api/wallet/earnings-by-month',
    call: async () => ['GET', '/api/wallet/earnings-by-month'],
    expect: [401, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/wallet/entries.csv',
    call: async () => ['GET', '/api/wallet/entries.csv'],
    expect: [401, 200, 200, 200, 200],
  },
  {
    route: "GET /api/admin/users/{id}/wallet (the member's)",
    call: async () => ['GET', `/api/admin/users/${owner()}/wallet`],
    expect: [401, 403, 403, 403, 200],
  },
  {
    route: "POST /api/admin/users/{id}/wallet/adjustments (the member's)",
    call: async () => ['POST', `/api/admin/users/${owner()}/wallet/adjustments`, adjustment()],
    expect: [401, 403, 403, 403, 201],
  },
  {
    route: 'GET /api/admin/payouts?status=failed',
    call: async () => ['GET', '/api/admin/payouts?status=failed'],
    expect: [401, 403, 403, 403, 200],
  },
];

describeAuthzMatrix(() => h, MEMBER_CALLERS, people, rows);
