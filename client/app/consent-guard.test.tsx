// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { PRIVACY_VERSION, TERMS_VERSION } from '#shared/constants';
import { routes } from './router';
import { MEMBER } from '../test/member';
import { renderRoutes } from '../test/render-routes';

const user: TUser = { ...MEMBER, consentRequired: true };

/** GET /api/user answers a member who must agree again; POST /api/user/consents records it. */
function serve() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (String(url).endsWith('/api/session')) return new Response(JSON.stringify({ user }), { status: 200 });
    if (String(url).endsWith('/api/user/consents'))
      return new Response(JSON.stringify({ ...user, consentRequired: false }), { status: 200 });
    return new Response(JSON.stringify(String(url).endsWith('/api/user') ? user : {}), {
      status: init?.method === 'POST' ? 204 : 200,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeAll(async () => {
  await Promise.all([
    import('./pages/consent-page'),
    import('../features/accounts/components/profile-page'),
    import('../features/notifications/components/notifications-page'),
  ]);
}, 30_000);

describe('newer terms', () => {
  it('sends the member to /consent from any page, and back where they were going once they agree', async () => {
    const fetch = serve();
    const router = renderRoutes(routes, { path: '/notifications' });
    expect(
      await screen.findByRole('heading', { level: 1, name: "We've updated our terms" }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    fireEvent.click(screen.getByRole('button', { name: 'I agree' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/user/consents'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ terms: TERMS_VERSION, privacy: PRIVACY_VERSION });
  });

  it('keeps /profile open, for the data export and account deletion', async () => {
    serve();
    const router = renderRoutes(routes, { path: '/profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
  });
});
