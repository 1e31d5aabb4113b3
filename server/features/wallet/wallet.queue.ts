import { z } from 'zod';
import { defineJob } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { WalletService } from './wallet.service';

/** Every 15 minutes: sales past their refund window become available (wallet.service.ts `clearDue`). */
export const clearPendingJob = defineJob({ name: 'wallet.clear-pending', schema: z.object({}).passthrough() });

export function registerWalletJobs(jobs: QueueService, wallet: WalletService) {
  jobs.handle(clearPendingJob, async () => void (await wallet.clearDue()));
  jobs.schedule(clearPendingJob, '*/15 * * * *');
}
