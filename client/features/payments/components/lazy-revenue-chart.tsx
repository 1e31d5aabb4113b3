import { lazy } from 'react';

/** RevenueChart in its own chunk, so chart.js is fetched only by a page that shows it. */
export const LazyRevenueChart = lazy(() => import('./revenue-chart').then((m) => ({ default: m.RevenueChart })));
