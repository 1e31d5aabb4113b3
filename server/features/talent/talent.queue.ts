import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { GigsService } from './gigs.service';

/**
 * A delivery unanswered for 7 days completes, or 14 with money in escrow, which it releases
 * (decision 060); keyed by the delivery, and the handler re-checks the gig's state.
 */
export const autoCompleteJob = defineJob({
  name: 'talent.auto-complete',
  latencySeconds: UNHURRIED,
  schema: z.object({ gigId: z.uuid() }),
  keyed: true,
});

/** 48 hours before a delivery's escrow releases itself, the poster is told and mailed; re-checked when it runs. */
export const autoReleaseWarningJob = defineJob({
  name: 'talent.auto-release-warning',
  latencySeconds: UNHURRIED,
  schema: z.object({ gigId: z.uuid(), deliveredAt: z.string() }),
  keyed: true,
});

/** 14 days after completion the gig's reviews show even if one side never wrote. */
export const revealReviewsJob = defineJob({
  name: 'talent.reveal-reviews',
  latencySeconds: UNHURRIED,
  schema: z.object({ gigId: z.uuid() }),
  keyed: true,
});

/** A new gig's `gig_posted` notifications to the talents whose skills match, in one batch. */
export const gigPostedJob = defineJob({
  name: 'talent.gig-posted',
  latencySeconds: UNHURRIED,
  schema: z.object({ gigId: z.uuid() }),
});

export function registerTalentJobs(jobs: QueueService, gigs: GigsService) {
  jobs.handle(autoCompleteJob, ({ gigId }) => gigs.autoComplete(gigId));
  jobs.handle(autoReleaseWarningJob, ({ gigId, deliveredAt }) => gigs.warnAutoRelease(gigId, deliveredAt));
  jobs.handle(revealReviewsJob, ({ gigId }) => gigs.revealIfDue(gigId));
  jobs.handle(gigPostedJob, ({ gigId }) => gigs.notifyMatchingTalents(gigId));
}
