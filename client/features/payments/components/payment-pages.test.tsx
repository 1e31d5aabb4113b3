// @vitest-environment jsdom
import { QueryClientProvider, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { RequireUser } from '#client/app/require-user';
import { Toaster } from '#client/components/ui/toaster';
import { createQueryClient } from '#client/lib/query-client';
import { dismissToast } from '#client/lib/toast';
import { renderRoutes } from '#client/test/render-routes';
import { userQueryKey } from '#client/features/accounts';
import { PaymentCancelPage } from './payment-cancel-page';
import { PaymentSuccessPage } from './payment-success-page';

const user = { id: 'u1', role: 'general', roles: ['general'], fullName: 'Chioma Nwosu', suspended: false } as TUser;
const VERIFY = '/api/course-payments/courses/c1/payment/verify';

type Answer = Response | (() => Response | Promise<Response>);

/** Stubs fetch: /api/user answers `me`; the verify call answers `verify`. Returns the verify bodies sent. */
function serve(verify: Answer, me: TUser | null = user, purchases: unknown[] = []) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/session') return Response.json({ user: me ?? null });
      if (url === '/api/user')
        return me
          ? Response.json(me)
          : Response.json({ error: 'Please log in.', code: 'UNAUTHENTICATED' }, { status: 401 });
      if (url === '/api/user/payments') return Response.json({ purchases });
      if (url === VERIFY && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return typeof verify === 'function' ? verify() : verify.clone();
      }
      return new Response('{"error":"Not found","code":"NOT_FOUND"}', { status: 404 });
    }),
  );
  return sent;
}

const successPage = {
  path: '/courses/:courseId/payment/success',
  element: (
    <>
      <PaymentSuccessPage />
      <Toaster />
    </>
  ),
};

/** As in app/router.tsx: both payment pages behind the route guard (docs/spec.md §2). */
const routes: RouteObject[] = [
  {
    element: <RequireUser />,
    children: [successPage, { path: '/courses/:courseId/payment/cancel', element: <PaymentCancelPage /> }],
  },
  { path: '/auth', element: <p>The login page</p> },
  { path: '/suspended', element: <p>The suspended page</p> },
];

function visit(path: string, client: QueryClient = createQueryClient()) {
  return renderRoutes(routes, { path, client });
}

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

const text = (s: string) => screen.findByText(s, { exact: true });

describe('PaymentSuccessPage', () => {
  it('verifies the session, then says the learner is enrolled and refreshes their courses', async () => {
    const sent = serve(Response.json({ success: true }));
    const client = createQueryClient();
    client.setQueryData(['/api/user/enrollments'], { enrollments: [] });
    client.setQueryData(['/api/courses', 'c1'], { id: 'c1' });
    visit('/courses/c1/payment/success?session_id=cs_test_1', client);

    expect(await text('Verifying Payment...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('Thank you for your purchase!')).toBeTruthy();
    expect(screen.getByText('You have been successfully enrolled in the course.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Course' }).getAttribute('href')).toBe('/courses/c1/learn');
    expect(sent).toEqual([{ gateway: 'stripe', transactionId: 'cs_test_1' }]);
    // The toast: docs/spec.md §8.
    expect(screen.getAllByText('Payment Successful!')).toHaveLength(2);
    expect(screen.getByText('You have been enrolled in the course.')).toBeTruthy();
    await waitFor(() => expect(client.getQueryState(['/api/user/enrollments'])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['/api/courses', 'c1'])?.isInvalidated).toBe(true);
  });

  it('shows a receipt: the reference, the course, the amount in naira, the date, and a link to all purchases', async () => {
    const paid = {
      id: 'p1',
      item: { kind: 'course', id: 'c1', title: 'Excel for market traders', link: '/courses/course-detail/c1' },
      amountMinor: 2_500_000,
      refundedMinor: 0,
      currency: 'NGN',
      gateway: 'paystack',
      status: 'paid',
      paidAt: '2026-11-27T18:37:00.000Z',
      refundableUntil: '2026-12-04T18:37:00.000Z',
      refundBlockedReason: null,
      refund: null,
    };
    serve(Response.json({ success: true }), user, [paid]);
    visit('/courses/c1/payment/success?reference=PSK_ref_42&gateway=paystack');

    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    await waitFor(() => expect(receipt.textContent).toContain('Excel for market traders'));
    expect(receipt.textContent).toContain('ReferencePSK_ref_42');
    expect(receipt.textContent).toContain('Amount₦25,000');
    expect(receipt.textContent).toContain('Date27 Nov 2026');
    expect(screen.getByRole('link', { name: 'All your purchases and receipts' }).getAttribute('href')).toBe(
      '/courses/student#purchases',
    );
  });

  it("shows the server's sentence when the gateway says the payment was not made", async () => {
    serve(
      Response.json(
        { success: false, error: 'This payment has not been completed.', code: 'PAYMENT_FAILED' },
        { status: 402 },
      ),
    );
    visit('/courses/c1/payment/success?session_id=cs_test_2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText('Oops! Something went wrong.')).toBeTruthy();
    expect(screen.getByTestId('payment-error').textContent).toBe('This payment has not been completed.');
    expect(screen.getByText('If you believe this is an error, please contact our support team.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Course Details' }).getAttribute('href')).toBe('/courses/c1');
    expect(screen.getByText('Payment Verification Failed')).toBeTruthy();
    expect(screen.getByText('Could not verify your payment. Please contact support.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it.each([
    ['an ok answer with success false', () => Response.json({ success: false }), 'Payment verification failed.'],
    [
      'a non-ok answer without a sentence',
      () => new Response('Bad Gateway', { status: 502 }),
      'Payment verification failed.',
    ],
    [
      'no answer at all',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'An error occurred during payment verification.',
    ],
  ])('falls back to the spec sentence on %s', async (_name, answer, sentence) => {
    serve(answer);
    visit('/courses/c1/payment/success?session_id=cs_test_3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByTestId('payment-error').textContent).toBe(sentence);
  });

  it('needs a session id: without one it does not call the server', async () => {
    const sent = serve(Response.json({ success: true }));
    visit('/courses/c1/payment/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByTestId('payment-error').textContent).toBe(
      'Missing payment session information or user not logged in.',
    );
    expect(screen.getByRole('link', { name: 'Return to Course Details' }).getAttribute('href')).toBe('/courses/c1');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('is protected: a signed-out visitor goes to log in, with the way back to this page', async () => {
    const sent = serve(Response.json({ success: true }), null);
    const router = visit('/courses/c1/payment/success?session_id=cs_test_4');
    expect(await screen.findByText('The login page')).toBeTruthy();
    expect(router.state.location.state).toEqual({
      from: { pathname: '/courses/c1/payment/success', search: '?session_id=cs_test_4', hash: '' },
    });
    expect(screen.queryByText('Payment Failed')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('is protected: a suspended user goes to /suspended without verifying', async () => {
    const sent = serve(Response.json({ success: true }), { ...user, suspended: true });
    visit('/courses/c1/payment/success?session_id=cs_test_5');
    expect(await screen.findByText('The suspended page')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("keeps its own check: if the user becomes null it shows the spec's error and verifies nothing", async () => {
    const sent = serve(Response.json({ success: true }), null);
    const client = createQueryClient();
    client.setQueryData(userQueryKey, null);
    // The page alone: behind the guard this user would be sent to log in first.
    renderRoutes([successPage], { path: '/courses/c1/payment/success?session_id=cs_test_6', client });
    expect(await text('Missing payment session information or user not logged in.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('shows success without waiting for the refreshed enrolments and course', async () => {
    serve(Response.json({ success: true }));
    const client = createQueryClient();
    // Watched queries whose refetch never answers: an awaited refresh would keep "Verifying Payment...".
    const never = () => new Promise<never>(() => {});
    const watch = (queryKey: readonly unknown[], data: unknown) => {
      client.setQueryData(queryKey, data);
      return new QueryObserver(client, { queryKey, queryFn: never, staleTime: Infinity }).subscribe(() => {});
    };
    const stops = [watch(['/api/user/enrollments'], { enrollments: [] }), watch(['/api/courses', 'c1'], { id: 'c1' })];
    visit('/courses/c1/payment/success?session_id=cs_test_7', client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(client.getQueryState(['/api/user/enrollments'])?.fetchStatus).toBe('fetching');
    expect(client.getQueryState(['/api/courses', 'c1'])?.fetchStatus).toBe('fetching');
    stops.forEach((stop) => stop());
  });

  it("reads Paystack's reference and gateway, without the query Paystack glued onto it", async () => {
    const sent = serve(Response.json({ success: true }));
    visit('/courses/c1/payment/success?gateway=paystack&session_id=PSK_1?trxref=PSK_1&reference=PSK_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(sent).toEqual([{ gateway: 'paystack', transactionId: 'PSK_1' }]);

    cleanup();
    const sent2 = serve(Response.json({ success: true }));
    visit('/courses/c1/payment/success?gateway=paystack&trxref=PSK_2&reference=PSK_2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(sent2).toEqual([{ gateway: 'paystack', transactionId: 'PSK_2' }]);
  });

  it('verifies exactly once, even in StrictMode', async () => {
    let resolve!: (r: Response) => void;
    const sent = serve(() => new Promise<Response>((r) => (resolve = r)));
    const client = createQueryClient();
    client.setQueryData(userQueryKey, user);
    const router = createMemoryRouter(routes, { initialEntries: ['/courses/c1/payment/success?session_id=cs_once'] });
    render(
      <StrictMode>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    resolve(Response.json({ success: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toHaveLength(1);
  });
});

describe('PaymentCancelPage', () => {
  it('says nothing was charged and links back to the course and the catalogue', async () => {
    serve(Response.json({ success: true }));
    visit('/courses/c9/payment/cancel');
    expect(await text('Your payment process was cancelled.')).toBeTruthy();
    expect(
      screen.getByText('You have not been charged. You can return to the course and try purchasing again if you wish.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Course' }).getAttribute('href')).toBe('/courses/c9');
    expect(screen.getByRole('link', { name: 'Explore Other Courses' }).getAttribute('href')).toBe('/courses');
  });
});
