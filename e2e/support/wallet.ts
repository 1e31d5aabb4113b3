import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '#server/app';
import { PENDING_DAYS } from '#shared/wallet/wallet.schemas';
import type { E2eClock } from './mentorship';

/**
 * The wallet's browser test: the refund window passing. The sweep runs every 15 minutes of real
 * time in the server; here it runs at once, on a clock moved past the window and straight back,
 * so sessions (6 hours) outlive it.
 */
export function registerE2eWallet(app: FastifyInstance, services: PlatformServices, clock: E2eClock): void {
  app.post('/e2e/wallet/window-passes', async () => {
    clock.set((PENDING_DAYS + 1) * 86_400_000);
    try {
      return { cleared: await services.wallet.clearDue() };
    } finally {
      clock.set(0);
    }
  });
}
