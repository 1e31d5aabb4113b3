// The payments feature's public surface: starting a checkout, and the sections the app's dashboards compose.
export { useStartCheckout } from './api/start-checkout';
export { PurchasesSection } from './components/purchases-section';
export { RefundRequestsPanel } from './components/refund-requests-panel';
export { RevenueSection } from './components/revenue-section';
