// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAdminPayout } from '#shared/wallet/wallet-admin.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { PayoutsPage } from './payouts-page';

const payout = (over: Partial<TAdminPayout> = {}): TAdminPayout => ({
  id: 'p1',
  member: { id: 'm1', username: 'ngozi', fullName: 'Ngozi Eze' },
  amountMinor: 300_000,
  feeMinor: 1_000,
  status: 'failed',
  failureReason: 'The bank refused the transfer to this account.',
  accountName: 'NGOZI EZE',
  accountNumberLast4: '0000',
  createdAt: '2026-11-20T10:00:00.000Z',
  settledAt: '2026-11-20T10:01:00.000Z',
  ...over,
});
afterEach(() => vi.unstubAllGlobals());

describe('PayoutsPage', () => {
  it('lists failed payouts with the member linking to their page, the amount and the reason', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      Response.json({
        payouts: [payout(), payout({ id: 'p2', failureReason: null })],
        total: 2,
        page: 1,
        pageSize: 25,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/admin/dashboard/payouts', element: <PayoutsPage /> }], {
      path: '/admin/dashboard/payouts',
    });
    const rows = await screen.findAllByTestId('admin-payout');
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByRole('link', { name: 'Ngozi Eze' });
    expect(link.getAttribute('href')).toBe('/admin/dashboard/members/m1');
    expect(rows[0]!.textContent).toContain('₦3,000');
    expect(rows[0]!.textContent).toContain('The bank refused the transfer to this account.');
    expect(screen.getByRole('columnheader', { name: 'Reason' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/payouts');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('failed');
  });

  it('says so when no payout has failed, and asks for another state from the URL', async () => {
    const fetchMock = vi.fn(async (_url: string) => Response.json({ payouts: [], total: 0, page: 1, pageSize: 25 }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/admin/dashboard/payouts', element: <PayoutsPage /> }], {
      path: '/admin/dashboard/payouts?status=paid',
    });
    expect(await screen.findByText('No payout is paid.')).toBeTruthy();
    await waitFor(() => expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/payouts?status=paid'));
    expect(screen.getByRole('columnheader', { name: 'Bank account' })).toBeTruthy();
  });
});
