// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { RequireUser } from '#client/app/require-user';
import { Toaster } from '#client/components/ui/toaster';
import { dismissToast } from '#client/lib/toast';
import { renderRoutes } from '#client/test/render-routes';
import { BuyButton } from './buy-button';

const user = { id: 'u1', role: 'general', roles: ['general'], fullName: 'Chioma Nwosu', suspended: false } as TUser;
const CHECKOUT = '/api/course-payments/courses/c1/checkout';

/** /api/user answers the user until the session is gone; the checkout answers `checkout`. */
function serve(checkout: () => Response) {
  let signedIn = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/session') return Response.json({ user: signedIn ? user : null });
      if (url === '/api/user')
        return signedIn
          ? Response.json(user)
          : Response.json({ error: 'Please log in.', code: 'UNAUTHENTICATED' }, { status: 401 });
      if (url === CHECKOUT) {
        const res = checkout();
        if (res.status === 401) signedIn = false;
        return res;
      }
      return new Response('{}', { status: 404 });
    }),
  );
}

const visit = () =>
  renderRoutes(
    [
      {
        element: <RequireUser />,
        children: [
          {
            path: '/courses/course-detail/:courseId',
            element: (
              <>
                <BuyButton courseId="c1" price="₦15,000" />
                <Toaster />
              </>
            ),
          },
        ],
      },
      { path: '/auth', element: <p>The login page</p> },
    ],
    { path: '/courses/course-detail/c1' },
  );

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

describe('BuyButton', () => {
  it('opens a checkout and sends the browser to the gateway', async () => {
    serve(() =>
      Response.json({ url: 'http://localhost/payments/test-checkout/test_1', gateway: 'test', sessionId: 'test_1' }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    visit();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy for ₦15,000' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/payments/test-checkout/test_1'));
    expect(screen.getByRole('button', { name: 'Opening checkout…' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's sentence when the checkout is refused", async () => {
    serve(() =>
      Response.json({ error: 'You are already enrolled in this course.', code: 'CONFLICT' }, { status: 409 }),
    );
    visit();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy for ₦15,000' }));
    expect(await screen.findByText('You are already enrolled in this course.')).toBeTruthy();
    expect(screen.getByText('Could not start the payment')).toBeTruthy();
  });

  it('sends a visitor whose session ended to log in, and back to the course afterwards', async () => {
    serve(() => Response.json({ error: 'Please log in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 }));
    const router = visit();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy for ₦15,000' }));
    expect(await screen.findByText('The login page')).toBeTruthy();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/courses/course-detail/c1' } });
  });
  it('is a Buy button again when Back from the gateway restores the page from the back-forward cache', async () => {
    serve(() =>
      Response.json({ url: 'http://localhost/payments/test-checkout/test_2', gateway: 'test', sessionId: 'test_2' }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    visit();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy for ₦15,000' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Opening checkout…' })).toBeTruthy();

    // An ordinary load's pageshow (persisted false) changes nothing.
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false })));
    expect(screen.getByRole('button', { name: 'Opening checkout…' })).toBeTruthy();

    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    const buy = await screen.findByRole('button', { name: 'Buy for ₦15,000' });
    expect(buy.hasAttribute('disabled')).toBe(false);
    fireEvent.click(buy);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
  });
});
