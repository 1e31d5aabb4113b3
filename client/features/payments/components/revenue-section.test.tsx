// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRevenueMonth, TTutorRevenue } from '#shared/payments/payments.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { RevenueSection } from './revenue-section';

const months = (figures: Record<string, number>): TRevenueMonth[] =>
  Array.from({ length: 12 }, (_, i) => {
    const month = `2025-${String(i + 1).padStart(2, '0')}`;
    const gross = figures[month] ?? 0;
    return { month, sales: gross ? 1 : 0, grossMinor: gross, feeMinor: gross / 10, netMinor: gross - gross / 10 };
  });

function serve(revenue: TTutorRevenue) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(revenue)),
  );
}

const visit = () => renderRoutes([{ path: '/', element: <RevenueSection /> }]);

beforeEach(() => {
  // jsdom has no canvas; the chart then draws nothing, which is all these tests need.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => vi.restoreAllMocks());

describe('RevenueSection', () => {
  it('shows gross, the platform fee and net, a labelled chart and the same figures by month', async () => {
    serve({
      feePercent: 10,
      currencies: [
        {
          currency: 'NGN',
          sales: 3,
          grossMinor: 4_500_000,
          feeMinor: 450_000,
          netMinor: 4_050_000,
          refundedMinor: 1_500_000,
          months: months({ '2025-11': 1_500_000, '2025-12': 3_000_000 }),
        },
      ],
    });
    visit();
    const card = await screen.findByTestId('revenue-NGN');
    const totals = within(card);
    expect(totals.getByText('Gross sales').nextElementSibling?.textContent).toBe('₦45,000');
    expect(totals.getByText('3 sales')).toBeTruthy();
    expect(totals.getByText('Platform fee (10%)').nextElementSibling?.textContent).toBe('₦4,500');
    expect(totals.getByText('Net earnings').nextElementSibling?.textContent).toBe('₦40,500');
    expect(totals.getByText('₦15,000 refunded')).toBeTruthy();

    const chart = await screen.findByRole('img', { name: /Bar chart of net earnings and platform fee per month/ });
    expect(chart.tagName).toBe('CANVAS');

    const table = within(screen.getByRole('region', { name: 'Revenue by month, NGN' })).getByRole('table', {
      name: 'Revenue by month',
    });
    const rows = within(table).getAllByTestId('revenue-month');
    expect(rows).toHaveLength(12);
    // Newest first.
    expect(Array.from(rows[0]!.children).map((c) => c.textContent)).toEqual([
      'Dec 2025',
      '1',
      '₦30,000',
      '₦3,000',
      '₦27,000',
    ]);
    expect(Array.from(rows[1]!.children).map((c) => c.textContent)).toEqual([
      'Nov 2025',
      '1',
      '₦15,000',
      '₦1,500',
      '₦13,500',
    ]);
    expect(Array.from(rows[2]!.children).map((c) => c.textContent)).toEqual(['Oct 2025', '0', '₦0', '₦0', '₦0']);
  });

  it('keeps currencies apart', async () => {
    const ngn = {
      currency: 'NGN' as const,
      sales: 1,
      grossMinor: 1_000_000,
      feeMinor: 100_000,
      netMinor: 900_000,
      refundedMinor: 0,
      months: months({ '2025-05': 1_000_000 }),
    };
    const usd = {
      currency: 'USD' as const,
      sales: 1,
      grossMinor: 5_000,
      feeMinor: 500,
      netMinor: 4_500,
      refundedMinor: 0,
      months: months({ '2025-05': 5_000 }),
    };
    serve({ feePercent: 10, currencies: [ngn, usd] });
    visit();
    expect(
      within(await screen.findByTestId('revenue-USD')).getByText('Net earnings').nextElementSibling?.textContent,
    ).toBe('US$45');
    expect(screen.getByRole('heading', { name: 'US dollars (USD)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Naira (NGN)' })).toBeTruthy();
  });

  it('says so when nothing has sold yet', async () => {
    serve({
      feePercent: 12.5,
      currencies: [
        { currency: 'NGN', sales: 0, grossMinor: 0, feeMinor: 0, netMinor: 0, refundedMinor: 0, months: months({}) },
      ],
    });
    visit();
    expect(await screen.findByText('No sales yet')).toBeTruthy();
    expect(
      screen.getByText('Paid sales of your courses, less the platform fee of 12.5%. Refunded sales are not counted.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
