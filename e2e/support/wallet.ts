import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '#server/app';
import { payoutAccounts } from '#server/features/wallet/payouts.table';
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

  /**
   * The escrow browser test: the day's hold after a changed bank account passing. The clock cannot
   * carry it (the payout job it sends would wait for the real day), so the hold ends here instead.
   */
  app.post<{ Body: { userId: string } }>('/e2e/wallet/hold-passes', async (request) => {
    await app.database.db
      .update(payoutAccounts)
      .set({ heldUntil: null })
      .where(eq(payoutAccounts.userId, request.body.userId));
    return { ok: true };
  });
}
