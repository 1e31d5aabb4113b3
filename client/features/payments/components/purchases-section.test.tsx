// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TPurchase } from '#shared/payments/payments.schemas';
import { createQueryClient } from '#client/lib/query-client';
import { expectRetryAfterFailedLoad } from '#client/test/load-retry';
import { renderRoutes } from '#client/test/render-routes';
import { PENDING_REFUND } from '../testing/refund-fixtures';
import { PurchasesSection } from './purchases-section';

const purchase = (over: Partial<TPurchase> = {}): TPurchase => ({
  id: 'p1',
  item: { kind: 'course', id: 'c1', title: 'Farm bookkeeping', link: '/courses/course-detail/c1' },
  amountMinor: 1_500_000,
  refundedMinor: 0,
  currency: 'NGN',
  gateway: 'test',
  status: 'paid',
  paidAt: '2026-03-02T10:00:00.000Z',
  refundableUntil: '2026-03-09T10:00:00.000Z',
  refundBlockedReason: null,
  refund: null,
  ...over,
});

const requested = (): TPurchase =>
  purchase({
    refundableUntil: null,
    refund: PENDING_REFUND,
  });

/**
 * GET answers the purchases; the refund request answers `refund`, and a successful one turns the
 * first purchase into `requested()` as the server would. Returns the bodies sent.
 */
function serve(purchases: TPurchase[], refund: () => Response = () => Response.json(requested(), { status: 201 })) {
  const sent: unknown[] = [];
  let list = purchases;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/user/payments') return Response.json({ purchases: list });
      if (url === '/api/payments/p1/refund-request') {
        sent.push(JSON.parse(String(init?.body)));
        const res = refund();
        if (res.ok) list = [requested(), ...list.slice(1)];
        return res;
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

const visit = () => renderRoutes([{ path: '/', element: <PurchasesSection /> }]);

const OPENER = 'Request refund for Farm bookkeeping';

/** Focuses, then clicks, as a browser does when the button is pressed. */
async function openDialog() {
  const opener = await screen.findByRole('button', { name: OPENER });
  opener.focus();
  fireEvent.click(opener);
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
        refund: {
          id: 'r1',
          status: 'declined',
          reason: 'x'.repeat(12),
          decisionNote: 'You finished the course.',
          requestedAt: '2026-03-03T10:00:00.000Z',
          decidedAt: '2026-03-04T10:00:00.000Z',
        },
      }),
    ]);
    visit();
    expect(
      screen.getByText('Refunds can be requested within 7 days of payment. An admin reviews each request.'),
    ).toBeTruthy();
    const rows = await screen.findAllByTestId('purchase');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('₦15,000');
    expect(rows[0]!.textContent).toContain('Paid 2 Mar 2026');
    expect(within(rows[0]!).getByTestId('purchase-status').textContent).toBe('Paid');
    expect(within(rows[1]!).getByTestId('refund-state').textContent).toBe('Refund declined: You finished the course.');
    expect(within(rows[1]!).queryByRole('button', { name: /Request refund/ })).toBeNull();
  });

  it("shows the part a mentor's early cancel refunded, and nothing more for a whole refund", async () => {
    serve([
      purchase({ refundedMinor: 500_000, refundableUntil: null }),
      purchase({ id: 'p2', status: 'refunded', refundedMinor: 1_500_000, refundableUntil: null }),
      purchase({ id: 'p3' }),
    ]);
    visit();
    const rows = await screen.findAllByTestId('purchase');
    expect(within(rows[0]!).getByTestId('partial-refund').textContent).toBe('Refunded ₦5,000 of ₦15,000');
    expect(within(rows[1]!).getByTestId('purchase-status').textContent).toBe('Refunded');
    expect(within(rows[1]!).queryByTestId('partial-refund')).toBeNull();
    expect(within(rows[2]!).queryByTestId('partial-refund')).toBeNull();
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
      Response.json(
        { error: 'Refunds can only be requested within 7 days of payment.', code: 'BAD_REQUEST' },
        { status: 400 },
      ),
    );
    visit();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Why do you want a refund?'), {
      target: { value: 'I changed my mind about it.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Refunds can only be requested within 7 days of payment.',
    );
  });

  it("puts the server's field message under the reason", async () => {
    serve([purchase()], () =>
      Response.json(
        { error: 'Check the form', code: 'VALIDATION_FAILED', fields: { reason: 'That reason is too vague' } },
        { status: 400 },
      ),
    );
    visit();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Why do you want a refund?'), {
      target: { value: 'Just because, really.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await within(dialog).findByText('That reason is too vague')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
  it('returns focus to the Request refund button after Escape or Cancel', async () => {
    serve([purchase()]);
    visit();
    let dialog = await openDialog();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Why do you want a refund?')),
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: OPENER })));

    dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: OPENER })));
  });

  it('after a request is sent, focus lands on the new refund state (the button is gone)', async () => {
    serve([purchase()]);
    visit();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Why do you want a refund?'), {
      target: { value: 'The course was not what I expected.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const state = await screen.findByTestId('refund-state');
    expect(state.textContent).toBe("Refund requested on 3 Mar 2026: waiting for an admin's decision.");
    expect(screen.queryByRole('button', { name: OPENER })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(state));
  });

  it('focuses the refund state too when the list refreshed before the dialog closed', async () => {
    let answer!: () => void;
    const sent = serve([purchase()]);
    const client = createQueryClient();
    renderRoutes([{ path: '/', element: <PurchasesSection /> }], { client });
    const dialog = await openDialog();
    // The request hangs while something else (another tab) refreshes the list: the button goes first.
    const server = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementationOnce(async (...args) => {
      await new Promise<void>((r) => (answer = r));
      return server(...args);
    });
    fireEvent.change(within(dialog).getByLabelText('Why do you want a refund?'), {
      target: { value: 'The course was not what I expected.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    client.setQueryData(['/api/user/payments'], { purchases: [requested()] });
    await screen.findByTestId('refund-state');
    expect(screen.queryByRole('button', { name: OPENER })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Request a refund' })).toBeTruthy();

    answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('refund-state')));
    expect(sent).toEqual([{ reason: 'The course was not what I expected.' }]);
  });

  it('says why a paid purchase can no longer be refunded, with no Request refund button', async () => {
    const why = 'You completed this course and received its certificate, so it can no longer be refunded.';
    serve([purchase({ refundableUntil: null, refundBlockedReason: why })]);
    visit();
    expect((await screen.findByTestId('refund-blocked')).textContent).toBe(why);
    expect(screen.queryByRole('button', { name: /Request refund/ })).toBeNull();
  });

  it('offers a retry when the purchases cannot be loaded', async () => {
    await expectRetryAfterFailedLoad(<PurchasesSection />, {
      answer: { purchases: [purchase()] },
      failed: 'We could not load your purchases.',
      loadedTestId: 'purchase',
    });
  });
});
