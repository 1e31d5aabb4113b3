import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { useChartInk } from '#client/lib/theme';
import { formatNumber } from '#shared/format';

// Only what line and bar charts need, so the rest of chart.js stays out of the bundle.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  Filler,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** Mid-tone series colours read on white and on near-black alike; text and grid follow the theme (useChartInk). */
export const SERIES_COLOURS = ['#6366f1', '#f59e0b', '#10b981', '#ec4899', '#0ea5e9', '#8b5cf6'];

export interface ChartSeries {
  label: string;
  data: number[];
}

export interface AdminChartProps {
  type: 'line' | 'bar';
  labels: string[];
  series: ChartSeries[];
  label: string;
  stacked?: boolean;
  horizontal?: boolean;
  format?: (value: number) => string;
}

/** The overview's charts (the same chart.js the tutor revenue uses), loaded on demand with React.lazy. */
export function AdminChart({
  type,
  labels,
  series,
  label,
  stacked,
  horizontal,
  format = formatNumber,
}: AdminChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const ink = useChartInk();

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const valueAxis = {
      stacked,
      beginAtZero: true,
      ticks: { color: ink.text, callback: (v: string | number) => format(Number(v)), maxTicksLimit: 6 },
      grid: { color: ink.grid },
      border: { display: false },
    };
    const categoryAxis = {
      stacked,
      ticks: { color: ink.text, maxRotation: 0, autoSkip: true },
      grid: { display: false },
      border: { color: ink.grid },
    };
    const chart = new Chart(context, {
      type,
      data: {
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.data,
          backgroundColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
          borderColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
          borderRadius: type === 'bar' ? 4 : undefined,
          pointRadius: type === 'line' ? 2 : undefined,
          tension: 0.25,
          ...(stacked ? { stack: 'all' } : {}),
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        indexAxis: horizontal ? 'y' : 'x',
        animation: still ? false : undefined,
        plugins: {
          legend: {
            display: series.length > 1,
            position: 'bottom',
            labels: { color: ink.text, boxWidth: 12, boxHeight: 12 },
          },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` } },
        },
        scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      },
    });
    return () => chart.destroy();
  }, [type, labels, series, stacked, horizontal, format, ink]);

  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={label}>
        {label}
      </canvas>
    </div>
  );
}
