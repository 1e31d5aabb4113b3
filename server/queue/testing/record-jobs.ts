import { z } from 'zod';
import { defineJob } from '../define-job';

/** Records its run in `job_runs` (a table the cross-process tests create) and returns. */
export const recordJob = defineJob({ name: 'test.record', schema: z.object({ n: z.number() }) });

/**
 * Records its start; a worker started with `hang` never finishes it. Its 2 s timeout is how
 * another worker learns that the first one died with it.
 */
export const slowJob = defineJob({
  name: 'test.slow',
  schema: z.object({}),
  timeoutSeconds: 2,
  retry: { limit: 3, delaySeconds: 0, backoff: false },
});
