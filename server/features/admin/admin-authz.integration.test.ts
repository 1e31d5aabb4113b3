import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildUser, createHarness, login, type Harness } from '#server/test/harness';
import { routeList, type ListedRoute } from '#server/test/route-list';

/**
 * Issue 16: every `/api/admin/*` route answers 401 to visitors and 403 to members, generated
 * from the app's own route list, so a route added later by any area is covered without editing
 * this file. A test-only route with no guard at all shows the gate closes what a route forgets.
 */
const OPEN = new Set(['POST /api/admin/login', 'POST /api/admin/login/two-factor']);
const UNGUARDED = '/api/admin/test-unguarded';

let h: Harness;
let member: string;
let admin: string;
let routes: ListedRoute[];

beforeAll(async () => {
  h = await createHarness({ routes: (app) => app.get(UNGUARDED, async () => ({ secret: true })) });
  const m = await buildUser(h, { role: 'tutor' });
  member = await login(h, m.username);
  const a = await buildUser(h, { role: 'admin' });
  admin = await adminLogin(h, a.email);
  routes = routeList(h.app).filter((r) => r.url.startsWith('/api/admin/') && !OPEN.has(`${r.method} ${r.url}`));
});
afterAll(() => h.close());

/** Any id for path parameters: the guard answers before the parameters are read. */
const urlOf = (r: ListedRoute) =>
  r.url.replace(/:kind/g, 'reports').replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
const send = (r: ListedRoute, cookie?: string) =>
  h.app.inject({
    method: r.method as 'GET',
    url: urlOf(r),
    headers: cookie ? { cookie } : {},
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('every /api/admin/* route', () => {
  it("the list is read from the app and holds the console and the other areas' admin routes", () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users',
        'POST /api/admin/users/:id/suspend',
        'GET /api/admin/courses',
        'POST /api/admin/refund-requests/:id/decision',
        'DELETE /api/admin/two-factor',
        'POST /api/admin/two-factor/confirm',
        `GET ${UNGUARDED}`,
      ]),
    );
    expect(names.length).toBeGreaterThan(20);
  });

  it('answers 401 to a visitor, 403 to a member, and lets an admin past the guard', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const name = `${r.method} ${r.url}`;
      const visitor = await send(r);
      if (visitor.statusCode !== 401 || visitor.json().code !== 'UNAUTHENTICATED')
        wrong.push(`${name} visitor ${visitor.statusCode} ${visitor.body.slice(0, 100)}`);
      const asMember = await send(r, member);
      if (asMember.statusCode !== 403 || asMember.json().code !== 'FORBIDDEN')
        wrong.push(`${name} member ${asMember.statusCode} ${asMember.body.slice(0, 100)}`);
      const asAdmin = await send(r, admin);
      if ([401, 403].includes(asAdmin.statusCode) || asAdmin.statusCode >= 500)
        wrong.push(`${name} admin ${asAdmin.statusCode} ${asAdmin.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('each documented admin route lists 401 and 403 in the API document (its own guard)', () => {
    const doc = h.app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const missing = routes
      .filter((r) => r.url !== UNGUARDED)
      .filter((r) => {
        const op = doc.paths[r.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[r.method.toLowerCase()];
        return op && !(op.responses?.['401'] && op.responses?.['403']);
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
