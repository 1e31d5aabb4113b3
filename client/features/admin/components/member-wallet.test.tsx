// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TWalletEntry } from '#shared/wallet/wallet.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { MemberWallet } from './member-wallet';

const ID = '3f0c1f8e-55a4-4b7e-9d55-2f9a3b1c0d11';
const entry: TWalletEntry = {
  id: 'l1',
  kind: 'adjustment',
  amountMinor: -150_050,
  bucket: 'available',
  createdAt: '2026-11-20T10:00:00.000Z',
  description: 'Adjustment by the platform: Duplicate sale credited twice',
};
afterEach(() => vi.unstubAllGlobals());

describe('MemberWallet', () => {
  it("shows the member's balances and lines, and pages through them", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      Response.json({
        wallet: {
          currency: 'NGN',
          availableMinor: 349_950,
          pendingMinor: 1_350_000,
          heldMinor: 0,
          paidOutMinor: 500_000,
          owedMinor: 0,
        },
        entries: [entry],
        total: 45,
        page: Number(new URL(url, 'http://x').searchParams.get('page')),
        pageSize: 20,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <MemberWallet memberId={ID} /> }]);
    const balances = await screen.findByLabelText('Wallet balances');
    expect(balances.textContent).toContain('Available₦3,499.50');
    expect(balances.textContent).toContain('Pending₦13,500');
    expect(balances.textContent).toContain('Paid out₦5,000');
    const lines = screen.getByRole('list', { name: 'Wallet lines' });
    expect(within(lines).getByRole('listitem').textContent).toContain('Adjustment · Available');
    expect(within(lines).getByRole('listitem').textContent).toContain('−₦1,500.50');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/admin/users/${ID}/wallet?page=1`);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toBe(`/api/admin/users/${ID}/wallet?page=2`));
    expect(await screen.findByText(/Page 2 of 3/)).toBeTruthy();
  });
});
