import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { ofMember } from '#server/db/of-member';
import { bids, gigEvents, gigInvitations, gigReviews, gigSkills, gigs } from './talent.table';

export interface TrackRecordRow {
  completedGigs: number;
  onTimeGigs: number;
  answeredInvitations: number;
  /** The median, in seconds; null before the first answered invitation. */
  medianResponseSeconds: number | null;
}

/**
 * What the platform knows of a talent's work, in one statement (decision 036):
 * - on time: a completed gig whose first delivery came within the accepted bid's delivery days
 *   of the hire (both moments from gig_events, so a later round of changes does not count against it);
 * - response time: from an invitation to bid to the talent's first bid on that gig, the median
 *   over the invitations they answered with a bid.
 */
export async function trackRecord(db: DbOrTx, talentId: string): Promise<TrackRecordRow> {
  const firstAt = (transition: string) =>
    sql`(select min(${gigEvents.createdAt}) from ${gigEvents} where ${gigEvents.gigId} = g.id and ${gigEvents.transition} = ${transition})`;
  const result = await db.execute(sql`
    select
      (select count(*)::int from ${gigs} g where g.talent_id = ${talentId}::uuid and g.status = 'completed') as "completedGigs",
      (select count(*)::int from ${gigs} g join ${bids} b on b.id = g.accepted_bid_id
        where g.talent_id = ${talentId}::uuid and g.status = 'completed'
          and ${firstAt('deliver')} <= ${firstAt('accept_bid')} + b.delivery_days * interval '1 day') as "onTimeGigs",
      count(answered.seconds)::int as "answeredInvitations",
      (percentile_cont(0.5) within group (order by answered.seconds))::float8 as "medianResponseSeconds"
    from (
      select extract(epoch from (
        select min(${bids.createdAt}) from ${bids} where ${bids.gigId} = i.gig_id and ${bids.bidderId} = i.talent_id and ${bids.createdAt} >= i.created_at
      ) - i.created_at)::float8 as seconds
      from ${gigInvitations} i where i.talent_id = ${talentId}::uuid
    ) answered`);
  const row = result.rows[0] as Record<string, unknown> | undefined;
  return {
    completedGigs: Number(row?.completedGigs ?? 0),
    onTimeGigs: Number(row?.onTimeGigs ?? 0),
    answeredInvitations: Number(row?.answeredInvitations ?? 0),
    medianResponseSeconds:
      row?.medianResponseSeconds === null || row?.medianResponseSeconds === undefined
        ? null
        : Number(row.medianResponseSeconds),
  };
}

/**
 * The gigs `talentId` completed that asked for the skill `skillId`, a column of the caller's
 * statement (the job match's evidence): `id`, `title`, and `at`, when the gig was completed.
 */
export const completedGigsAsking = (talentId: string, skillId: SQL): SQL => sql`
  select g.id, g.title, g.status_at as at
  from ${gigSkills} gs
  join ${gigs} g on g.id = gs.gig_id and g.talent_id = ${talentId} and g.status = 'completed'
  where gs.skill_id = ${skillId}`;

/**
 * The gigs `talentId` completed, once per skill each asked for (the passport): `skill_id`, `id`,
 * `title`, `at` (completed), and `rating`, the poster's rating of the talent once reviews are
 * revealed (decision 036), null before. Without a talent, every talent's.
 */
export const gigsCompletedBy = (talentId?: string): SQL => sql`
  select gs.skill_id, g.id, g.title, coalesce(g.completed_at, g.status_at) as at,
    (select r.rating from ${gigReviews} r
      where r.gig_id = g.id and r.subject_id = g.talent_id and r.subject_role = 'talent' and r.revealed_at is not null) as rating
  from ${gigs} g
  join ${gigSkills} gs on gs.gig_id = g.id
  where ${ofMember(sql`g.talent_id`, talentId)} and g.status = 'completed'`;
