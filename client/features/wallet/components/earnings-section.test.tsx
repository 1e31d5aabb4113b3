// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#client/test/render-routes';
import { EarningsSection } from './earnings-section';

const months = (earned: Record<string, number>) =>
  Array.from({ length: 12 }, (_, i) => {
    const month = `${i < 1 ? 2025 : 2026}-${String(((i + 11) % 12) + 1).padStart(2, '0')}`;
    return { month, earnedMinor: earned[month] ?? 0 };
  });
const serve = (body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  );
let draw: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // jsdom has no canvas; the chart then draws nothing, which is all these tests need.
  draw = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EarningsSection', () => {
  it('draws the months as a labelled chart, with the total and the figures as a table', async () => {
    serve({ months: months({ '2026-09': 1_350_000, '2026-11': 2_700_050 }) });
    renderRoutes([{ path: '/', element: <EarningsSection /> }]);
    expect(await screen.findByText('₦40,500.50')).toBeTruthy();
    expect(
      await screen.findByRole('img', {
        name: 'Bar chart of your earnings per month over the last 12 months, in naira. The table below lists the same figures.',
      }),
    ).toBeTruthy();
    // The chart draws once mounted (an effect): wait for it while the canvas stand-in is in place.
    await waitFor(() => expect(draw).toHaveBeenCalledWith('2d'));
    fireEvent.click(screen.getByText('Show the figures'));
    const rows = screen.getAllByTestId('earnings-month');
    expect(rows).toHaveLength(12);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('November 2026');
    expect(rows[0]!.textContent).toContain('₦27,000.50');
    expect(rows[2]!.textContent).toContain('₦13,500');
  });

  it('says so when nothing was earned in the 12 months', async () => {
    serve({ months: months({}) });
    renderRoutes([{ path: '/', element: <EarningsSection /> }]);
    expect(await screen.findByText('No earnings in the last 12 months yet.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
