import { z } from 'zod';
import type { DbOrTx } from '#server/db/client';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { UploadsService } from './uploads.service';

/** Files no feature uses, a day after upload, and files no row names: see upload-maintenance.ts. */
export const collectGarbageJob = defineJob({
  name: 'uploads.collect-garbage',
  latencySeconds: UNHURRIED,
  schema: z.object({}),
  timeoutSeconds: 60 * 60,
});

/**
 * The WebP copies of images uploaded before copies existed. Keyed, so that several app
 * processes starting at once enqueue it once; it finds nothing to do once done.
 */
export const convertImagesJob = defineJob({
  name: 'uploads.convert-images',
  schema: z.object({}),
  keyed: true,
  timeoutSeconds: 60 * 60,
});
export const CONVERT_IMAGES_KEY = 'uploads:convert-images';

export function registerUploadsJobs(jobs: QueueService, uploads: UploadsService) {
  jobs.handle(collectGarbageJob, async () => {
    await uploads.collectGarbage();
  });
  jobs.handle(convertImagesJob, async () => {
    await uploads.convertImages();
  });
  // Hourly: an unused file lives between 24 and 25 hours.
  jobs.schedule(collectGarbageJob, '41 * * * *');
}

/** At start, after the queue runs: one conversion job, whichever process asks first. */
export function enqueueImageConversion(jobs: QueueService, db: DbOrTx) {
  return jobs.send(db, convertImagesJob, {}, { singletonKey: CONVERT_IMAGES_KEY });
}
