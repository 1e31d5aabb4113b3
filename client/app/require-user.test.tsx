// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { RESTRICTION_LABELS } from '#shared/roles';
import { routes } from './router';
import { MEMBER } from '../test/member';
import { renderRoutes } from '../test/render-routes';

function serveUser(answer: TUser | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/session'
        ? new Response(JSON.stringify({ user: answer }), { status: 200 })
        : answer
          ? new Response(JSON.stringify(answer), { status: 200 })
          : new Response('{"error":"Please log in to continue.","code":"UNAUTHENTICATED"}', { status: 401 }),
    ),
  );
}

function visit(path: string) {
  return renderRoutes(routes, { path });
}

// The screens are lazy routes: loaded once here, so no assertion waits on the first transform.
beforeAll(async () => {
  await Promise.all([
    import('../features/accounts/components/profile-page'),
    import('../features/accounts/components/suspended-page'),
    import('../features/auth/components/auth-page'),
    import('./pages/terms-page'),
    import('./pages/not-found-page'),
  ]);
}, 30_000);

describe('route guard', () => {
  it('shows a labelled spinner, then the page', async () => {
    let answer = (_: Response) => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    visit('/profile');
    expect((await screen.findByText('Loading your account…')).closest('[role="status"]')).toBeTruthy();
    // Every later request (the page's own data) is answered at once; the guard's first one is answered last.
    serveUser(MEMBER);
    answer(new Response(JSON.stringify({ user: MEMBER }), { status: 200 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
  });

  it('sends a visitor to /auth and remembers where they were going', async () => {
    serveUser(null);
    const router = visit('/jobs/seeker?tab=saved');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.state).toEqual({ from: { pathname: '/jobs/seeker', search: '?tab=saved', hash: '' } });
  });

  it('sends a suspended user to /suspended, which lists the restrictions', async () => {
    serveUser({
      ...MEMBER,
      suspended: true,
      restrictions: ['courses', 'chat'],
      suspensionReason: 'Spam in course reviews',
      suspendedUntil: null,
    });
    const router = visit('/courses');
    expect(await screen.findByRole('heading', { name: 'Your account is suspended' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/suspended');
    expect(screen.getByText(RESTRICTION_LABELS.courses)).toBeTruthy();
    expect(screen.getByText(RESTRICTION_LABELS.chat)).toBeTruthy();
    expect(screen.getByText('Spam in course reviews')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('keeps the terms public and answers unknown paths with a 404 page', async () => {
    serveUser(null);
    visit('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(screen.getByText(/at least 16 years old/)).toBeTruthy();
    cleanup();
    visit('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
