// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPurchase } from '../../../../shared/payments/payments.schemas';
import { renderRoutes } from '../../../test/render-routes';
import { PurchasesSection } from './purchases-section';

const purchase = (over: Partial<TPurchase> = {}): TPurchase => ({
  id: 'p1',
  item: { kind: 'course', id: 'c1', title: 'Farm bookkeeping', link: '/courses/course-detail/c1' },
  amountMinor: 1_500_000,
  currency: 'NGN',
  gateway: 'test',
  status: 'paid',
  paidAt: '2026-03-02T10:00:00.000Z',
  refundableUntil: '2026-03-09T10:00:00.000Z',
  refund: null,
  ...over,
});

/** GET answers the purchases; the refund request answers `refund`. Returns the bodies sent. */
function serve(purchases: TPurchase[], refund: () => Response = () => Response.json(purchase(), { status: 201 })) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/user/payments') return Response.json({ purchases });
      if (url === '/api/payments/p1/refund-request') {
        sent.push(JSON.parse(String(init?.body)));
        return refund();
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

const visit = () => renderRoutes([{ path: '/', element: <PurchasesSection /> }]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Request refund for Farm bookkeeping' }));
  return screen.findByRole('dialog', { name: 'Request a refund' });
}

describe('PurchasesSection', () => {
  it('lists each payment with its amount, date, status and refund state, and the 7-day rule', async () => {
    serve([
      purchase(),
      purchase({
        id: 'p2',
        item: { kind: 'course', id: 'c2', title: 'Poultry basics', link: '/courses/course-detail/c2' },
        status: 'paid',
        refundableUntil: null,
        refund: { id: 'r1', status: 'declined', reason: 'x'.repeat(12), decisionNote: 'You finished the course.', requestedAt: '2026-03-03T10:00:00.000Z', decidedAt: '2026-03-04T10:00:00.000Z' },
      }),
    ]);
    visit();
    expect(screen.getByText('Refunds can be requested within 7 days of payment. An admin reviews each request.')).toBeTruthy();
    const rows = await screen.findAllByTestId('purchase');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('₦15,000');
    expect(rows[0]!.textContent).toContain('Paid 2 Mar 2026');
    expect(within(rows[0]!).getByTestId('purchase-status').textContent).toBe('Paid');
    expect(within(rows[1]!).getByTestId('refund-state').textContent).toBe('Refund declined: You finished the course.');
    expect(within(rows[1]!).queryByRole('button', { name: /Request refund/ })).toBeNull();
  });

  it('checks the reason before sending, then sends it', async () => {
    const sent = serve([purchase()]);
    visit();
    const dialog = await openDialog();
    const reason = within(dialog).getByLabelText('Why do you want a refund?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await within(dialog).findByText('Tell us why in at least 10 characters')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    fireEvent.change(reason, { target: { value: '  The course was not what I expected.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ reason: 'The course was not what I expected.' }]);
  });

  it("shows the server's sentence when the window has closed", async () => {
    serve([purchase()], () =>
      Response.json({ error: 'Refunds can only be requested within 7 days of payment.', code: 'BAD_REQUEST' }, { status: 400 }),
    );
    visit();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Why do you want a refund?'), { target: { value: 'I changed my mind about it.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Refunds can only be requested within 7 days of payment.');
  });

  it("puts the server's field message under the reason", async () => {
    serve([purchase()], () =>
      Response.json({ error: 'Check the form', code: 'VALIDATION_FAILED', fields: { reason: 'That reason is too vague' } }, { status: 400 }),
    );
    visit();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Why do you want a refund?'), { target: { value: 'Just because, really.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await within(dialog).findByText('That reason is too vague')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
