import { defineModule, type Platform } from '#server/platform/module';
import { createTestPayoutGateway, type PayoutGateway } from './payout-gateway';
import { createPaystackPayoutGateway } from './paystack-payouts';
import { payoutsRoutes } from './payouts.routes';
import { createPayouts, type Payouts } from './payouts.service';
import { createWalletAdmin, type WalletAdmin } from './wallet-admin';
import { walletAdminRoutes } from './wallet-admin.routes';
import { createWalletReports, type WalletReports } from './wallet-reports';
import { walletReportsRoutes } from './wallet-reports.routes';
import { registerWalletJobs } from './wallet.queue';
import { walletRoutes } from './wallet.routes';
import { createWalletService, type WalletService } from './wallet.service';

/** Payouts go through Paystack Transfers when payments go through Paystack, else through the test gateway. */
function payoutGateway(p: Platform): PayoutGateway {
  const paystack = p.config.payments.paystack;
  if (p.config.payments.gateway === 'paystack' && paystack)
    return createPaystackPayoutGateway(paystack, { now: p.now, log: p.log });
  return createTestPayoutGateway();
}

declare module '../../platform/module' {
  interface ModuleMap {
    wallet: { wallet: WalletService; payouts: Payouts; walletReports: WalletReports; walletAdmin: WalletAdmin };
  }
}

export const walletModule = defineModule({
  name: 'wallet',
  needs: ['accounts', 'notifications'],
  about: 'The earnings ledger (double-entry, append-only), each member’s wallet, and payouts to Nigerian banks.',
  build: (p, { accounts, notifications }) => {
    const wallet = createWalletService({ db: p.db, now: p.now });
    return {
      wallet,
      walletReports: createWalletReports({ db: p.db, now: p.now }),
      walletAdmin: createWalletAdmin({
        db: p.db,
        wallet,
        accounts,
        notifications,
        realtime: p.realtime,
        audit: p.audit,
        now: p.now,
      }),
      payouts: createPayouts({
        db: p.db,
        accounts,
        notifications,
        realtime: p.realtime,
        jobs: p.queue,
        gateway: payoutGateway(p),
        // No payout gateway is built on Stripe: a Stripe server refuses payouts rather than pretend (decision 061).
        enabled: p.config.payments.gateway !== 'stripe',
        appUrl: p.config.appUrl,
        log: p.log,
        now: p.now,
      }),
    };
  },
  contributes: ({ wallet, walletAdmin, payouts }) => ({
    settlements: [wallet.settlement],
    transferListeners: [(gateway, reference) => payouts.onTransferEvent(gateway, reference)],
    moneyTotals: (tx) => walletAdmin.totals(tx),
  }),
  queue: (jobs, { wallet, payouts }) => registerWalletJobs(jobs, wallet, payouts),
  routes: (s) => [
    (app) => walletRoutes(app, s),
    (app) => payoutsRoutes(app, s),
    (app) => walletReportsRoutes(app, s),
    (app) => walletAdminRoutes(app, s),
  ],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type WalletService } from './wallet.service';
export { type Release } from './escrow';
export { WALLET_KEYS } from './payouts.service';
