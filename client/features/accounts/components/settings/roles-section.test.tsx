// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRole } from '#shared/roles';
import { routes } from '#client/app/router';
import { MEMBER } from '#client/test/member';
import { renderRoutes } from '#client/test/render-routes';

// Navigation follows the primary role, at once: the Roles section's answers replace the cached
// user, and the bottom navigation is drawn from its `role`, not from the roles held.

const MB = 1024 * 1024;
const NO_DETAILS = {
  employer: null,
  talent: null,
  jobSeeker: null,
  teachingStorage: { granted: false, memberBytes: 250 * MB, teachingBytes: 20 * 1024 * MB },
};

/** A tiny server: GET /api/user, role details, and the two role writes, on one user in memory. */
function serve(start: Partial<TUser>, details: typeof NO_DETAILS = NO_DETAILS) {
  let user: TUser = { ...MEMBER, ...start };
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/user/role-details') return json(details);
      if (url === '/api/user/roles' && method === 'POST') {
        const role = body.role as TRole;
        user = {
          ...user,
          roles: user.roles.includes(role) ? user.roles : [...user.roles, role],
          role: body.primary ? role : user.role,
        };
        return json(user);
      }
      if (url === '/api/user/primary-role') return json((user = { ...user, role: body.role }));
      if (url === '/api/user') return json(user);
      if (url === '/api/session') return json({ user });
      return json({ notifications: [], unreadCount: 0 });
    }),
  );
  return calls;
}

/** Lazy screens and a busy machine: a longer wait than the 1 s default. */
const SLOW = { timeout: 8_000 };
const bottomLabels = async () =>
  within(await screen.findByTestId('bottom-nav', {}, SLOW))
    .getAllByRole('link')
    .map((a) => a.textContent);

beforeAll(async () => {
  await Promise.all([import('../profile-page'), import('#client/app/shell/bottom-nav')]);
}, 30_000);
describe('navigation by primary role', { timeout: 20_000 }, () => {
  it.each([
    ['employer', ['Home', 'Courses', 'Jobs', 'Dashboard', 'Profile']],
    ['tutor', ['Home', 'Courses', 'Jobs', 'Talent', 'Profile']],
    ['general', ['Home', 'Courses', 'Jobs', 'Talent', 'Profile']],
  ] as const)('holding general, tutor and employer with %s primary: %j', async (role, labels) => {
    serve({ role, roles: ['general', 'tutor', 'employer'] });
    renderRoutes(routes, { path: '/profile' });
    await waitFor(async () => expect(await bottomLabels()).toEqual(labels), SLOW);
  });

  it("takes on I'm hiring as primary for a general member, and the navigation changes at once", async () => {
    const calls = serve({});
    renderRoutes(routes, { path: '/profile' });
    const card = await screen.findByRole('group', { name: "I'm hiring" }, SLOW);
    fireEvent.click(within(card).getByRole('button', { name: 'Take on' }));
    await waitFor(async () => expect(await bottomLabels()).toContain('Dashboard'), SLOW);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/user/roles',
      body: { role: 'employer', primary: true },
    });
    expect(within(card).getByText('Primary role')).toBeTruthy();
    expect(await within(card).findByRole('textbox', { name: 'Company name' }, SLOW)).toHaveProperty(
      'name',
      'companyName',
    );
  });

  it('makes a held role primary from its card', async () => {
    const calls = serve({ role: 'employer', roles: ['general', 'employer', 'talent'] });
    renderRoutes(routes, { path: '/profile' });
    const card = await screen.findByRole('group', { name: 'Offer my skills' }, SLOW);
    fireEvent.click(within(card).getByRole('button', { name: 'Make primary' }));
    await waitFor(async () => expect(await bottomLabels()).toContain('Talent'), SLOW);
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/user/primary-role',
      body: { role: 'talent' },
    });
  });
});

describe('the tutor card says when the larger storage comes (decision 047)', { timeout: 20_000 }, () => {
  it('before a first course is approved', async () => {
    serve({ role: 'tutor', roles: ['general', 'tutor'] });
    renderRoutes(routes, { path: '/profile' });
    const card = await screen.findByRole('group', { name: 'Teach a course' }, SLOW);
    expect(
      await within(card).findByText(
        'Your storage is 250.0 MB until an admin approves your first course, then 20.0 GB for course videos.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });

  it('once it is approved', async () => {
    serve(
      { role: 'tutor', roles: ['general', 'tutor'] },
      { ...NO_DETAILS, teachingStorage: { ...NO_DETAILS.teachingStorage, granted: true } },
    );
    renderRoutes(routes, { path: '/profile' });
    const card = await screen.findByRole('group', { name: 'Teach a course' }, SLOW);
    expect(await within(card).findByText('You have 20.0 GB of storage for course videos.', {}, SLOW)).toBeTruthy();
  });
});
