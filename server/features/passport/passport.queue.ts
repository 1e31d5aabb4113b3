import { z } from 'zod';
import type { Db } from '#server/db/client';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { PassportLevels } from './passport-levels';
import type { SkillCredentials } from './skill-credentials';

/**
 * Daily at 03:30: skill credentials checked against the evidence the public sees now
 * (skill-credentials.ts `recheck`): revoked when the skill fell below proven, re-issued when its
 * level moved. Evidence is withdrawn rarely (refunds, erased reviews, hidden items): a day is
 * the promise the verify page's status makes.
 */
export const recheckSkillCredentialsJob = defineJob({
  name: 'passport.recheck-credentials',
  latencySeconds: UNHURRIED,
  schema: z.object({}).passthrough(),
});

/**
 * Hourly: the stored levels whose decay is due (`falls_at` passed) recomputed, so the talent
 * directory's level filter drops them within the hour (decision 079, addendum). An hour with
 * nothing due costs one read of an index, so this need not wait for the night.
 */
export const recomputeDueLevelsJob = defineJob({
  name: 'passport.recompute-due-levels',
  latencySeconds: UNHURRIED,
  schema: z.object({}).passthrough(),
});

/**
 * Once, when a start finds members but no stored level (a database from before migration 0041):
 * every member's levels computed. Keyed, so several processes starting together send one.
 */
export const backfillLevelsJob = defineJob({
  name: 'passport.backfill-levels',
  latencySeconds: UNHURRIED,
  schema: z.object({}).passthrough(),
  keyed: true,
  timeoutSeconds: 60 * 60,
});

export function registerPassportJobs(jobs: QueueService, skillCredentials: SkillCredentials, levels: PassportLevels) {
  jobs.handle(recheckSkillCredentialsJob, async () => void (await skillCredentials.recheck()));
  jobs.schedule(recheckSkillCredentialsJob, '30 3 * * *');
  jobs.handle(recomputeDueLevelsJob, async () => void (await levels.recomputeDue()));
  jobs.schedule(recomputeDueLevelsJob, '15 * * * *');
  jobs.handle(backfillLevelsJob, async () => void (await levels.recomputeAll()));
}

/** The start-up check: a backfill sent when no level is stored while members exist. Answers the job's id, if sent. */
export async function backfillIfNeeded(jobs: QueueService, db: Db, levels: PassportLevels): Promise<string | null> {
  return (await levels.needsBackfill()) ? jobs.send(db, backfillLevelsJob, {}, { singletonKey: 'backfill' }) : null;
}
