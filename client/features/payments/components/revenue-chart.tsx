import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { TCurrency } from '#shared/money';
import { cn } from '#client/lib/cn';
import { useChartInk } from '#client/lib/theme';
import { compactMoney, monthLabel, tableMoney } from './revenue-format';

// Only what a bar chart needs, so the rest of chart.js is left out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Mid-tone bars read on white and on near-black alike; text and grid follow the theme (useChartInk). */
const NET = '#6366f1'; // indigo-500
const FEE = '#f59e0b'; // amber-500

/** A month's bar: the net, and the platform fee stacked on it when the chart shows fees. */
export interface ChartMonth {
  month: string;
  netMinor: number;
  feeMinor?: number;
}

/**
 * Net and platform fee per month, stacked so each bar's height is the gross; with `netOnly`, one
 * bar a month named `netLabel` and no legend (the wallet's earnings). Loaded on demand
 * (React.lazy) so chart.js stays out of the main bundle. The figures are also in a table.
 */
export function RevenueChart({
  months,
  currency,
  label,
  netLabel = 'Net earnings',
  netOnly = false,
  className = 'h-64 sm:h-72 lg:h-[27rem]',
}: {
  months: ChartMonth[];
  currency: TCurrency;
  label: string;
  netLabel?: string;
  netOnly?: boolean;
  className?: string;
}) {
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
          {
            label: netLabel,
            data: months.map((m) => m.netMinor),
            backgroundColor: NET,
            borderRadius: 4,
            stack: 'gross',
          },
          ...(netOnly
            ? []
            : [
                {
                  label: 'Platform fee',
                  data: months.map((m) => m.feeMinor ?? 0),
                  backgroundColor: FEE,
                  borderRadius: 4,
                  stack: 'gross',
                },
              ]),
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: still ? false : undefined,
        plugins: {
          legend: { display: !netOnly, position: 'bottom', labels: { color: ink.text, boxWidth: 12, boxHeight: 12 } },
          tooltip: {
            callbacks: { label: (item) => `${item.dataset.label}: ${tableMoney(Number(item.raw), currency)}` },
          },
        },
        scales: {
          x: {
            stacked: true,
            ticks: { color: ink.text, maxRotation: 0, autoSkip: true },
            grid: { display: false },
            border: { color: ink.grid },
          },
          y: {
            stacked: true,
            beginAtZero: true,
            ticks: { color: ink.text, callback: (value) => compactMoney(Number(value), currency), maxTicksLimit: 6 },
            grid: { color: ink.grid },
            border: { display: false },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [months, currency, ink, netLabel, netOnly]);

  return (
    <div className={cn('relative w-full', className)}>
      <canvas ref={canvas} role="img" aria-label={label}>
        {label}
      </canvas>
    </div>
  );
}
