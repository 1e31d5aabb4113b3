import { describe, expect, it } from 'vitest';
import { actor, as, type Actor } from '../features/courses/testing/course-fixtures';
import type { Harness } from './harness';

export type AuthzCall = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object];

/** One route of an authorization matrix: the call, made on fresh data, and the status expected per caller. */
export interface AuthzRow {
  route: string;
  call: () => Promise<AuthzCall>;
  /** Expected status per caller, in the order of the matrix's callers. */
  expect: number[];
}

/**
 * Registers one test per route and caller: the status is the expected one, and every refusal
 * carries the `error` sentence and `code` the client reads.
 */
export function describeAuthzMatrix<Who extends string>(
  harness: () => Harness,
  callers: readonly Who[],
  people: Record<Who, Actor | null>,
  rows: AuthzRow[],
) {
  describe.each(rows)('$route', (row) => {
    if (row.expect.length !== callers.length)
      throw new Error(`${row.route}: ${row.expect.length} statuses for ${callers.length} callers`);
    it.each(callers.map((who, i) => [who, row.expect[i]!] as const))('%s → %i', async (who, status) => {
      const [method, url, payload] = await row.call();
      const res = await as(harness(), people[who])(method, url, payload);
      expect(res.statusCode, res.body).toBe(status);
      if (status >= 400) expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    });
  });
}

/** The callers of a matrix about members' own things: nobody, a member, another member, one hidden by a suspension, an admin. */
export const MEMBER_CALLERS = ['visitor', 'member', 'other', 'hidden', 'admin'] as const;
export type MemberCaller = (typeof MEMBER_CALLERS)[number];

/** One of each of MEMBER_CALLERS; "hidden" is suspended with `profile_hidden` for `hiddenFor`. */
export async function signUpMemberCallers(h: Harness, hiddenFor: string): Promise<Record<MemberCaller, Actor | null>> {
  const hidden = await actor(h);
  await h.services.accounts.suspend(hidden.user.id, { reason: hiddenFor, restrictions: ['profile_hidden'] });
  return { visitor: null, member: await actor(h), other: await actor(h), hidden, admin: await actor(h, 'admin') };
}
