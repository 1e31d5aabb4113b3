// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TWalletEntry } from '#shared/wallet/wallet.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { WalletPage } from './wallet-page';

const entry = (over: Partial<TWalletEntry> = {}): TWalletEntry => ({
  id: 'l1',
  kind: 'sale',
  amountMinor: 1_350_000,
  bucket: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  description: 'Sale of “Farm bookkeeping” (₦15,000, less the platform fee of ₦1,500)',
  ...over,
});

function serve(entries: TWalletEntry[], total = entries.length, owedMinor = 0) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/wallet')
        return Response.json({
          currency: 'NGN',
          availableMinor: 2_000_000,
          pendingMinor: 1_350_000,
          heldMinor: 0,
          paidOutMinor: 0,
          owedMinor,
        });
      if (url.startsWith('/api/wallet/entries')) return Response.json({ entries, total, page: 1, pageSize: 20 });
      if (url === '/api/wallet/earnings-by-month') return Response.json({ months: [] });
      return new Response('{}', { status: 404 });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('WalletPage', () => {
  it('shows each balance in naira and every line with its sign', async () => {
    serve([
      entry(),
      entry({ id: 'l2', kind: 'refund', amountMinor: -1_350_000, description: 'Refund of ₦15,000 to the buyer' }),
    ]);
    renderRoutes([{ path: '/', element: <WalletPage /> }]);
    const balances = screen.getByRole('list', { name: 'Balances' });
    expect(await within(balances).findByText('₦20,000')).toBeTruthy();
    expect(within(balances).getByText('₦13,500')).toBeTruthy();
    const lines = await screen.findByRole('list', { name: 'Wallet activity' });
    const rows = within(lines).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Sale · Pending');
    expect(rows[0]!.textContent).toContain('+₦13,500');
    expect(rows[1]!.textContent).toContain('−₦13,500');
    expect(screen.queryByRole('navigation', { name: 'Activity pages' })).toBeNull();
  });

  it('links every line as CSV, downloaded by the browser with the session', async () => {
    serve([entry()]);
    renderRoutes([{ path: '/', element: <WalletPage /> }]);
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe('/api/wallet/entries.csv');
    expect(link.getAttribute('download')).toBe('wallet.csv');
  });

  it('says plainly what is owed after a late refund, and only then', async () => {
    serve([entry({ kind: 'refund', bucket: 'owed', amountMinor: -500_000 })], 1, 500_000);
    renderRoutes([{ path: '/', element: <WalletPage /> }]);
    expect(await screen.findByText(/You owe ₦5,000: a refund was approved/)).toBeTruthy();
    expect((await screen.findByRole('list', { name: 'Wallet activity' })).textContent).toContain('Refund · Owed');
  });

  it('says what will show when there is nothing yet', async () => {
    serve([]);
    renderRoutes([{ path: '/', element: <WalletPage /> }]);
    expect(await screen.findByText(/Nothing yet/)).toBeTruthy();
  });

  it('offers older pages when there are more than 20 lines', async () => {
    serve([entry()], 45);
    renderRoutes([{ path: '/', element: <WalletPage /> }]);
    const pages = await screen.findByRole('navigation', { name: 'Activity pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
  });
});
