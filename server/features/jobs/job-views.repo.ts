import { createHash } from 'node:crypto';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { jobViewTotals, jobViewsSeen } from './jobs.table';

/** A viewer of a job's page: a member, or a visitor known only by where they came from. */
export type JobViewer = { memberId: string } | { ip: string; userAgent: string };

/** The UTC day of `at` as `YYYY-MM-DD`. */
export const viewDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The key that makes a viewer count once a day. A visitor's ip and user agent are hashed with
 * the day, so the same visitor's keys on two days cannot be matched to each other.
 */
export function viewerKey(viewer: JobViewer, day: string): string {
  if ('memberId' in viewer) return `m:${viewer.memberId}`;
  return `v:${createHash('sha256').update(`${day}\n${viewer.ip}\n${viewer.userAgent}`).digest('base64url')}`;
}

export const jobViewsRepo = {
  /** Counts the view unless this viewer was counted on this job today: one statement. */
  async record(db: DbOrTx, jobId: string, key: string, day: string): Promise<void> {
    await db.execute(sql`
      with seen as (
        insert into ${jobViewsSeen} (job_id, day, viewer_key) values (${jobId}, ${day}, ${key})
        on conflict do nothing returning job_id
      )
      insert into ${jobViewTotals} (job_id, views) select job_id, 1 from seen
      on conflict (job_id) do update set views = ${jobViewTotals}.views + 1`);
  },

  async totals(db: DbOrTx, jobIds: string[]): Promise<Map<string, number>> {
    if (jobIds.length === 0) return new Map();
    const rows = await db.select().from(jobViewTotals).where(inArray(jobViewTotals.jobId, jobIds));
    return new Map(rows.map((r) => [r.jobId, r.views]));
  },

  /** Forgets who viewed on earlier days: counting once a day needs only today's keys. */
  async prune(db: DbOrTx, now: Date): Promise<void> {
    await db.delete(jobViewsSeen).where(lt(jobViewsSeen.day, viewDay(now)));
  },

  /** A member's own rows (the privacy export and erasure). */
  async ofMember(db: DbOrTx, memberId: string) {
    return db
      .select({ jobId: jobViewsSeen.jobId, day: jobViewsSeen.day })
      .from(jobViewsSeen)
      .where(eq(jobViewsSeen.viewerKey, viewerKey({ memberId }, '')));
  },

  async eraseMember(db: DbOrTx, memberId: string): Promise<void> {
    await db.delete(jobViewsSeen).where(eq(jobViewsSeen.viewerKey, viewerKey({ memberId }, '')));
  },
};
