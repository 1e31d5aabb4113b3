import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTRICTIONS, type TRestriction, type TRole } from '#shared/roles';
import { actor, type Actor } from '../features/courses/testing/course-fixtures';
import type { GuardRule } from '../plugins/guard-rules';
import { CONFIRM_MINUTES } from '#shared/admin/admin.schemas';
import { makeMentor } from '../features/mentorship/testing/mentorship-fixtures';
import { PASSWORD, createHarness, type Harness } from './harness';
import { routeList, type ListedRoute } from './route-list';

/**
 * The route access matrix (issue 25): every route the app serves, read from the app itself, for
 * every kind of caller. Each route's expectation comes from the rules of its own guards
 * (plugins/guard-rules.ts), so the matrix grows with the routes, and a route with no declared
 * rule fails. This checks the guard layer: who is refused before anything else, with which
 * answer. Whether a signed-in member may touch one resource (theirs or another's) is the
 * service's rule, proven by each area's own authz matrix with fixtures that own and do not own
 * (`*-authz.integration.test.ts`).
 */
interface Caller {
  name: string;
  actor: Actor | null;
  role?: TRole;
  suspendedFrom?: TRestriction;
  /** An admin whose password confirmation is in force (destructive routes ask for one). */
  confirmed?: boolean;
}

/** The API document's own pages (Swagger UI's plugin): open, and no route of ours. */
const PLATFORM_OPEN = /^\/api\/docs(\/|$)/;
/** Ending the caller's own session would sign them out for every route after it. */
const SIGNED_IN_SKIP = new Set(['POST /api/logout']);

let h: Harness;
let callers: Caller[];
let routes: ListedRoute[];

beforeAll(async () => {
  h = await createHarness();
  const plain = async (role: TRole): Promise<Caller> => ({ name: role, actor: await actor(h, role), role });
  const suspended = async (area: TRestriction): Promise<Caller> => {
    const who = await actor(h, 'general');
    await h.services.accounts.suspend(who.user.id, { reason: 'Matrix', restrictions: [area] });
    return { name: `suspended from ${area}`, actor: who, role: 'general', suspendedFrom: area };
  };
  const confirmedAdmin = async (name: string): Promise<Caller> => {
    const who = await actor(h, 'admin');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/confirm',
      headers: { cookie: who.cookie },
      payload: { password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { name, actor: who, role: 'admin', confirmed: true };
  };
  // Confirmed, then the confirmation lapses: made first, before the clock moves past it.
  const lapsed = { ...(await confirmedAdmin('admin whose confirmation lapsed')), confirmed: false };
  h.clock.advance((CONFIRM_MINUTES + 1) * 60_000);
  const mentor = await makeMentor(h, await actor(h, 'admin'));
  callers = [
    { name: 'visitor', actor: null },
    await plain('general'),
    await plain('employer'),
    await plain('tutor'),
    { name: 'mentor', actor: mentor, role: 'general' },
    // Signing in counts as a confirmation for 15 minutes (admin-confirm.ts).
    { ...(await plain('admin')), name: 'admin signed in just now', confirmed: true },
    lapsed,
    await confirmedAdmin('admin with a recent confirmation'),
    ...(await Promise.all(RESTRICTIONS.map(suspended))),
  ];
  routes = routeList(h.app).filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/uploads/'));
});
afterAll(() => h?.close());

/** The answer the route's guards give this caller, in their order; null when they let it through. */
function expected(rules: GuardRule[], who: Caller): { status: number; code: string } | null {
  for (const rule of rules) {
    if (rule.signedIn && !who.actor) return { status: 401, code: 'UNAUTHENTICATED' };
    if (rule.admin && who.role !== 'admin') return { status: 403, code: 'FORBIDDEN' };
    if (rule.admin === 'confirmed' && !who.confirmed) return { status: 403, code: 'CONFIRMATION_REQUIRED' };
    if (who.suspendedFrom && (rule.area === who.suspendedFrom || rule.unsuspended))
      return { status: 403, code: 'ACCOUNT_SUSPENDED' };
  }
  return null;
}

/** The route with each parameter filled: ids are uuids, and a made-up one reaches no one's data. */
const urlOf = (url: string) => url.replace(/:[A-Za-z]+/g, randomUUID()).replace(/\*$/, 'x');

describe('every route, for every kind of caller', () => {
  it('declares who may call it: a guard, or openToAll for a route open to everyone', () => {
    const undeclared = routes
      .filter((r) => !PLATFORM_OPEN.test(r.url))
      .filter((r) => (h.app.routeGuards.get(`${r.method} ${r.url}`) ?? []).length === 0)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('answers each caller as the guards declare: 401 to visitors, 403 to whom the rules refuse, never 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !PLATFORM_OPEN.test(r.url))) {
      const rules = h.app.routeGuards.get(`${route.method} ${route.url}`) ?? [];
      for (const who of callers) {
        if (who.actor && SIGNED_IN_SKIP.has(`${route.method} ${route.url}`)) continue;
        const write = !['GET', 'HEAD'].includes(route.method);
        const res = await h.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.url),
          headers: who.actor ? { cookie: who.actor.cookie } : {},
          ...(write ? { payload: {} } : {}),
        });
        const want = expected(rules, who);
        const code = String(res.headers['content-type'] ?? '').includes('json')
          ? (res.json() as { code?: string }).code
          : undefined;
        const ok = want
          ? res.statusCode === want.status && code === want.code
          : res.statusCode !== 401 && res.statusCode < 500;
        if (!ok)
          wrong.push(
            `${route.method} ${route.url} as ${who.name}: ${res.statusCode} ${code ?? ''}, expected ${want ? `${want.status} ${want.code}` : 'to pass the guards'}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000); // every route for every role: a few hundred requests, slow when the machine is shared
});
