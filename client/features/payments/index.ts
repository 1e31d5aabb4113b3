// The payments feature's public surface: starting a checkout, and the sections the app's dashboards compose.
export { useStartCheckout } from './api/start-checkout';
export { PurchasesSection } from './components/purchases-section';
export { RefundRequestsPanel } from './components/refund-requests-panel';
export { RevenueSection } from './components/revenue-section';
/** The revenue bar chart (chart.js), loaded on demand: mentorship's earnings use it too. */
export { LazyRevenueChart } from './components/lazy-revenue-chart';
export { compactMoney, monthLabel, tableMoney } from './components/revenue-format';
