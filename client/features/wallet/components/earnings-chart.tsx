import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { TEarningsByMonth } from '#shared/wallet/earnings.schemas';
import { compactMoney, monthLabel, tableMoney } from '#client/features/payments';
import { useChartInk } from '#client/lib/theme';

// Only what a bar chart needs, so the rest of chart.js is left out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The tutor revenue's indigo: mid-tone, it reads on white and on near-black alike. */
const EARNED = '#6366f1';

/** Earnings per month as bars; loaded on demand (React.lazy) so chart.js stays out of the main bundle. */
export function EarningsChart({ months, label }: { months: TEarningsByMonth['months']; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const ink = useChartInk();

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: months.map((m) => monthLabel(m.month)),
        datasets: [
          { label: 'Earned', data: months.map((m) => m.earnedMinor), backgroundColor: EARNED, borderRadius: 4 },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: still ? false : undefined,
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => `Earned: ${tableMoney(Number(item.raw), 'NGN')}` } },
        },
        scales: {
          x: {
            ticks: { color: ink.text, maxRotation: 0, autoSkip: true },
            grid: { display: false },
            border: { color: ink.grid },
          },
          y: {
            beginAtZero: true,
            ticks: { color: ink.text, callback: (value) => compactMoney(Number(value), 'NGN'), maxTicksLimit: 6 },
            grid: { color: ink.grid },
            border: { display: false },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [months, ink]);

  return (
    <div className="relative h-56 w-full sm:h-64">
      <canvas ref={canvas} role="img" aria-label={label}>
        {label}
      </canvas>
    </div>
  );
}
