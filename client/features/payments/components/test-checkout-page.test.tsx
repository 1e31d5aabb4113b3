// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TTestCheckout } from '#shared/payments/payments.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { TestCheckoutPage } from './test-checkout-page';

const checkout = (over: Partial<TTestCheckout> = {}): TTestCheckout => ({
  reference: 'test_abc',
  description: 'Course: Farm bookkeeping',
  amountMinor: 1_500_000,
  currency: 'NGN',
  status: 'open',
  cancelUrl: 'http://localhost/courses/c1/payment/cancel',
  ...over,
});

function serve(answer: TTestCheckout) {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(url);
        return Response.json({
          redirectUrl: url.endsWith('/pay')
            ? '/courses/c1/payment/success?gateway=test&session_id=test_abc'
            : answer.cancelUrl,
        });
      }
      return Response.json(answer);
    }),
  );
  return posts;
}

const visit = () =>
  renderRoutes([{ path: '/payments/test-checkout/:reference', element: <TestCheckoutPage /> }], {
    path: '/payments/test-checkout/test_abc',
  });

describe('TestCheckoutPage', () => {
  it('says it is a test payment, shows the item and amount, and pays', async () => {
    const posts = serve(checkout());
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    visit();
    expect(await screen.findByText('Test payment')).toBeTruthy();
    expect(screen.getByText(/no money moves/)).toBeTruthy();
    expect(screen.getByTestId('checkout-description').textContent).toBe('Course: Farm bookkeeping');
    expect(screen.getByTestId('checkout-amount').textContent).toBe('₦15,000');
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/courses/c1/payment/success?gateway=test&session_id=test_abc'),
    );
    expect(posts).toEqual(['/api/payments/test-checkout/test_abc/pay']);
  });

  it('cancels', async () => {
    const posts = serve(checkout());
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    visit();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/courses/c1/payment/cancel'));
    expect(posts).toEqual(['/api/payments/test-checkout/test_abc/cancel']);
  });

  it('says when it was already paid, with a way onwards', async () => {
    serve(checkout({ status: 'paid' }));
    visit();
    expect(await screen.findByText(/already been paid/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to My learning' }).getAttribute('href')).toBe('/courses/student');
  });
});
