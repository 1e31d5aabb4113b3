import { defineModule } from '#server/platform/module';
import { registerWalletJobs } from './wallet.queue';
import { walletRoutes } from './wallet.routes';
import { createWalletService, type WalletService } from './wallet.service';

declare module '../../platform/module' {
  interface ModuleMap {
    wallet: { wallet: WalletService };
  }
}

export const walletModule = defineModule({
  name: 'wallet',
  needs: [],
  about:
    'The earnings ledger (double-entry, append-only) and each member’s wallet: pending, available, held, paid out.',
  build: (p) => ({ wallet: createWalletService({ db: p.db, now: p.now }) }),
  contributes: ({ wallet }) => ({ settlements: [wallet.earnings.settlement] }),
  queue: (jobs, { wallet }) => registerWalletJobs(jobs, wallet),
  routes: (s) => [(app) => walletRoutes(app, s)],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type WalletService } from './wallet.service';
