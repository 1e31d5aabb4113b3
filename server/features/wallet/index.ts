import { defineModule } from '#server/platform/module';
import { createTestPayoutGateway } from './payout-gateway';
import { payoutsRoutes } from './payouts.routes';
import { createPayouts, type Payouts } from './payouts.service';
import { registerWalletJobs } from './wallet.queue';
import { walletRoutes } from './wallet.routes';
import { createWalletService, type WalletService } from './wallet.service';

declare module '../../platform/module' {
  interface ModuleMap {
    wallet: { wallet: WalletService; payouts: Payouts };
  }
}

export const walletModule = defineModule({
  name: 'wallet',
  needs: ['accounts', 'notifications'],
  about: 'The earnings ledger (double-entry, append-only), each member’s wallet, and payouts to Nigerian banks.',
  build: (p, { accounts, notifications }) => ({
    wallet: createWalletService({ db: p.db, now: p.now }),
    payouts: createPayouts({
      db: p.db,
      accounts,
      notifications,
      realtime: p.realtime,
      jobs: p.queue,
      // Transfers through Paystack are not built yet: only the test gateway pays out (decision 059).
      gateway: createTestPayoutGateway(),
      enabled: p.config.payments.gateway === 'test',
      appUrl: p.config.appUrl,
      now: p.now,
    }),
  }),
  contributes: ({ wallet }) => ({ settlements: [wallet.settlement] }),
  queue: (jobs, { wallet, payouts }) => registerWalletJobs(jobs, wallet, payouts),
  routes: (s) => [(app) => walletRoutes(app, s), (app) => payoutsRoutes(app, s)],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type WalletService } from './wallet.service';
export { type Release } from './escrow';
export { WALLET_KEYS } from './payouts.service';
