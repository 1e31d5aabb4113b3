import type { TransferListener } from '#server/lib/payments/gateway';
import { defineModule } from '#server/platform/module';
import { createGateways } from './gateways';
import { mentorshipRevenueFigures, paymentActivity, refundQueue, revenueFigures } from './payments-admin-queue';
import { paymentsAdminRoutes } from './payments-admin.routes';
import { paymentsPrivacyRepo } from './payments-privacy.repo';
import { registerPaymentsJobs } from './payments.queue';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsService } from './payments.service';
import type { PurchaseKind, Settlement } from './purchase-kinds';
import { testGatewayRoutes } from './test-gateway.routes';
import { webhooksRoutes } from './webhooks.routes';

declare module '../../platform/module' {
  interface ModuleMap {
    payments: { payments: PaymentsService };
  }
  interface Contributions {
    /** What an area sells through payments (decision 007): courses, mentor plans and renewals. */
    purchaseKinds?: PurchaseKind[];
    /** Who hears of money in and out, in each payment's transaction (the wallet, issue 27). */
    settlements?: Settlement[];
    /** Who hears of the gateways' transfer events, by reference (the wallet's payouts to banks). */
    transferListeners?: TransferListener[];
  }
}

declare module '../../platform/events' {
  interface PlatformEvents {
    /** A payment went from pending to paid, by what was bought (`course`, `mentorship_plan`...). */
    'payments.fulfilled': { kind: string };
  }
}

export const paymentsModule = defineModule({
  name: 'payments',
  needs: ['accounts', 'notifications', 'privacy'],
  about: 'Checkout through the test gateway, Paystack or Stripe, webhooks, exactly-once fulfilment, refunds, revenue.',
  build: (p, { accounts, notifications, privacy }) => {
    const { db, now, log } = p;
    const { appUrl, payments: settings } = p.config;
    const payments = createPaymentsService({
      db,
      gateways: createGateways(settings, { db, appUrl, now }),
      kinds: [],
      settlements: [],
      transferListeners: [],
      accounts,
      notifications,
      realtime: p.realtime,
      jobs: p.queue,
      events: p.events,
      audit: p.audit,
      moneySteps: privacy,
      feePercent: settings.feePercent,
      appUrl,
      now,
      log,
    });
    return { payments };
  },
  accepts: {
    purchaseKinds: ({ payments }, kinds) => kinds.forEach((k) => payments.addKind(k)),
    settlements: ({ payments }, settlements) => settlements.forEach((s) => payments.addSettlement(s)),
    transferListeners: ({ payments }, listeners) => listeners.forEach((l) => payments.addTransferListener(l)),
  },
  contributes: () => ({
    adminQueues: [refundQueue],
    dailyFigures: [revenueFigures, mentorshipRevenueFigures],
    memberActivity: paymentActivity,
    privacy: { exporters: { payments: (userId, tx) => paymentsPrivacyRepo.export(tx, userId) } },
  }),
  queue: (jobs, { payments }) => registerPaymentsJobs(jobs, payments),
  routes: (s) => [
    (app) => paymentsRoutes(app, s),
    (app) => paymentsAdminRoutes(app, s),
    (app) => testGatewayRoutes(app, s),
    (app) => webhooksRoutes(app, s),
  ],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type PaymentsService } from './payments.service';
export {
  type Mandate,
  type MandateHolder,
  type PurchaseKind,
  type Quote,
  type SettledAs,
  type Settlement,
} from './purchase-kinds';
