import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { Payouts } from './payouts.service';
import type { WalletService } from './wallet.service';

/** Every 15 minutes: sales past their refund window become available (wallet.service.ts `clearDue`). */
export const clearPendingJob = defineJob({
  name: 'wallet.clear-pending',
  latencySeconds: UNHURRIED,
  schema: z.object({}).passthrough(),
});

/**
 * One payout's transfer and settlement, keyed by the payout id (which is also the transfer's
 * reference at the gateway): a retry after a crash asks the gateway again and never pays twice.
 * Two minutes, not the default 15: an attempt is a few gateway calls of at most 10 s each, and
 * one held by a process that died is retried that much sooner (decision 063).
 */
export const sendPayoutJob = defineJob({
  name: 'wallet.send-payout',
  schema: z.object({ payoutId: z.uuid() }),
  keyed: true,
  timeoutSeconds: 120,
  retry: { limit: 50, delaySeconds: 30, backoff: true, maxDelaySeconds: 3_600 },
});

/**
 * Every 15 minutes: payouts the gateway has had for 15 minutes or more are asked about
 * (payout-sending.ts `checkProcessing`), in case its webhook was lost.
 */
export const checkPayoutsJob = defineJob({
  name: 'wallet.check-payouts',
  latencySeconds: UNHURRIED,
  schema: z.object({}).passthrough(),
});

export function registerWalletJobs(jobs: QueueService, wallet: WalletService, payouts: Payouts) {
  jobs.handle(clearPendingJob, async () => void (await wallet.clearDue()));
  jobs.schedule(clearPendingJob, '*/15 * * * *');
  jobs.handle(sendPayoutJob, ({ payoutId }) => payouts.send(payoutId));
  jobs.handle(checkPayoutsJob, async () => void (await payouts.checkProcessing()));
  jobs.schedule(checkPayoutsJob, '*/15 * * * *');
}
