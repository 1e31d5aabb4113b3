// The payments feature's public surface: paying at the gateway and coming back, and the sections the app's dashboards compose.
export { startCheckout } from './api/start-checkout';
export { useVerifyReturn } from './api/verify-return';
export { useGatewayCheckout } from './hooks/use-gateway-checkout';
export { PurchasesSection } from './components/purchases-section';
export { RefundRequestsPanel } from './components/refund-requests-panel';
export { RevenueSection } from './components/revenue-section';
/** The revenue bar chart (chart.js), loaded on demand: mentorship's earnings use it too. */
export { LazyRevenueChart } from './components/lazy-revenue-chart';
export { compactMoney, monthLabel, tableMoney } from './components/revenue-format';
