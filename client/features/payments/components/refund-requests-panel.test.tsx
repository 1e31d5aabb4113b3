// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TAdminRefundRequest } from '#shared/payments/payments.schemas';
import { expectRetryAfterFailedLoad } from '#client/test/load-retry';
import { renderRoutes } from '#client/test/render-routes';
import { PENDING_REFUND } from '../testing/refund-fixtures';
import { RefundRequestsPanel } from './refund-requests-panel';

const request = (over: Partial<TAdminRefundRequest> = {}): TAdminRefundRequest => ({
  ...PENDING_REFUND,
  payment: {
    id: 'p1',
    amountMinor: 1_500_000,
    currency: 'NGN',
    gateway: 'test',
    status: 'paid',
    paidAt: '2026-03-02T10:00:00.000Z',
    item: { kind: 'course', id: 'c1', title: 'Farm bookkeeping', link: '/courses/course-detail/c1' },
  },
  learner: { id: 'u1', username: 'chioma', fullName: 'Chioma Nwosu' },
  payee: { id: 't1', username: 'ada', fullName: 'Adaeze Okafor' },
  ...over,
});

function serve() {
  const calls: { url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/admin/refund-requests?status=pending') return Response.json({ refundRequests: [request()] });
      if (url === '/api/admin/refund-requests?status=declined')
        return Response.json({
          refundRequests: [
            request({
              id: 'r2',
              status: 'declined',
              decisionNote: 'Finished the course.',
              decidedAt: '2026-03-04T10:00:00.000Z',
            }),
          ],
        });
      if (url === '/api/admin/refund-requests/r1/decision')
        return Response.json(request({ status: 'declined', decisionNote: 'Too late.' }));
      return Response.json({ refundRequests: [] });
    }),
  );
  return calls;
}

describe('RefundRequestsPanel', () => {
  it('lists pending requests with learner, course, amount, dates and reason', async () => {
    serve();
    renderRoutes([{ path: '/', element: <RefundRequestsPanel /> }]);
    const row = await screen.findByTestId('refund-request');
    for (const text of [
      'Chioma Nwosu',
      'Farm bookkeeping',
      '₦15,000',
      '2 Mar 2026',
      '3 Mar 2026',
      'The course was not what I expected.',
    ]) {
      expect(row.textContent).toContain(text);
    }
    expect(within(row).getByRole('button', { name: 'Approve refund for Chioma Nwosu' })).toBeTruthy();
  });

  it('needs a note to decline, then sends it', async () => {
    const calls = serve();
    renderRoutes([{ path: '/', element: <RefundRequestsPanel /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline refund for Chioma Nwosu' }));
    const note = screen.getByLabelText('Why is the refund declined?');
    fireEvent.click(screen.getByRole('button', { name: 'Decline refund' }));
    expect(await screen.findByText('Tell the learner why the refund is declined')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.url.endsWith('/decision'))).toBe(false);

    fireEvent.change(note, { target: { value: 'Too late.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline refund' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/decision'))?.body).toEqual({ decision: 'decline', note: 'Too late.' }),
    );
  });

  it('filters by status', async () => {
    serve();
    renderRoutes([{ path: '/', element: <RefundRequestsPanel /> }]);
    await screen.findByTestId('refund-request');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'declined' } });
    expect(await screen.findByText(/Declined on 4 Mar 2026: Finished the course\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve refund/ })).toBeNull();
  });
  it('returns focus to Approve when the approval dialog is dismissed with Escape', async () => {
    const calls = serve();
    renderRoutes([{ path: '/', element: <RefundRequestsPanel /> }]);
    const approve = await screen.findByRole('button', { name: 'Approve refund for Chioma Nwosu' });
    approve.focus();
    fireEvent.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'Approve this refund?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(approve));
    expect(calls.some((c) => c.url.endsWith('/decision'))).toBe(false);
  });

  it("returns focus to Decline when the decline form's Cancel removes the form", async () => {
    serve();
    renderRoutes([{ path: '/', element: <RefundRequestsPanel /> }]);
    const decline = await screen.findByRole('button', { name: 'Decline refund for Chioma Nwosu' });
    decline.focus();
    fireEvent.click(decline);
    const form = screen.getByRole('form', { name: 'Decline refund for Chioma Nwosu' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Why is the refund declined?'));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Decline refund for Chioma Nwosu' }));
  });

  it('leaves the decline form on Escape too, and names the course in the buttons’ description', async () => {
    serve();
    renderRoutes([{ path: '/', element: <RefundRequestsPanel /> }]);
    const decline = await screen.findByRole('button', { name: 'Decline refund for Chioma Nwosu' });
    const described = document.getElementById(decline.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(request().payment.item.title);
    fireEvent.click(decline);
    fireEvent.keyDown(screen.getByLabelText('Why is the refund declined?'), { key: 'Escape' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Decline refund for Chioma Nwosu' }));
  });

  it('moves focus to the panel heading once a decided request leaves the pending list', async () => {
    let decided = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/decision')) {
          decided = true;
          return Response.json(request({ status: 'declined', decisionNote: 'Too late.' }));
        }
        return Response.json({ refundRequests: decided ? [] : [request()] });
      }),
    );
    renderRoutes([{ path: '/', element: <RefundRequestsPanel /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline refund for Chioma Nwosu' }));
    fireEvent.change(screen.getByLabelText('Why is the refund declined?'), { target: { value: 'Too late.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline refund' }));
    await waitFor(() => expect(screen.queryByTestId('refund-request')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: /Refund requests/ })));
  });

  it('offers a retry when the requests cannot be loaded', async () => {
    await expectRetryAfterFailedLoad(<RefundRequestsPanel />, {
      answer: { refundRequests: [request()] },
      failed: 'We could not load the refund requests.',
      loadedTestId: 'refund-request',
    });
  });
});
