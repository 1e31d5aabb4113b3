import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { ofMember } from '#server/db/of-member';
import { assessmentsPassedBy, coursesCompletedBy } from '../courses';
import { people } from '../accounts';
import { hiresOf } from '../jobs';
import { memberSkills } from '../profiles';
import { skillNames } from '../skills';
import { gigsCompletedBy } from '../talent';
import type { TEvidenceKind } from '#shared/passport/passport.schemas';
import { mentorEndorsements, passportHiddenEvidence } from './passport.table';

/** One evidence row, before the service names and links it. */
export interface EvidenceRow {
  kind: TEvidenceKind;
  skillId: string;
  slug: string;
  name: string;
  /** The row it comes from: course, lesson, gig, endorsement or job. */
  id: string;
  title: string;
  /** The course of an assessment; the mentor of an endorsement. */
  ref: string | null;
  /** The course's title for an assessment, the company for a hire, the sentence for an endorsement. */
  extra: string | null;
  at: Date;
  rating: number | null;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Every kind of evidence of `userId` (of every member without one), before skills are named. */
export const evidenceParts = (userId?: string): SQL => {
  const m = people('m');
  return sql`
    select 'course' as kind, c.skill_id, c.id, c.title, null::text as ref, null::text as extra, c.at, null::int as rating
      from (${coursesCompletedBy(userId)}) c
    union all
    select 'assessment', a.skill_id, a.id, a.title, a.course_id::text, a.course_title, a.at, null
      from (${assessmentsPassedBy(userId)}) a
    union all
    select 'gig', g.skill_id, g.id, g.title, null, null, g.at, g.rating::int
      from (${gigsCompletedBy(userId)}) g
    union all
    select 'hire', j.skill_id, j.id, j.title, null, j.company, j.at, null
      from (${hiresOf(userId)}) j
    union all
    select 'endorsement', e.skill_id, e.id,
      case when ${m.deletedAt} is null then ${m.fullName} else null end, e.mentor_id::text, e.text, e.created_at, null
      from ${mentorEndorsements} e join ${m} on ${m.id} = e.mentor_id
      where ${ofMember(sql`e.mentee_id`, userId)}`;
};

/**
 * The passport's evidence for one member, in one statement: each area hands out the part that
 * reads its tables (decision 045), and the endorsements are the passport's own.
 */
export async function evidenceOf(db: DbOrTx, userId: string): Promise<EvidenceRow[]> {
  const s = skillNames('s');
  const result = await db.execute(sql`
    select p.kind, p.skill_id as "skillId", ${s.slug} as slug, ${s.name} as name, p.id::text as id, p.title,
      p.ref, p.extra, p.at, p.rating
    from (${evidenceParts(userId)}) p
    join ${s} on ${s.id} = p.skill_id
    order by p.at desc, p.kind, p.id`);
  return rowsOf<EvidenceRow>(result).map((r) => ({
    ...r,
    at: new Date(r.at),
    rating: r.rating === null ? null : Number(r.rating),
  }));
}

/** The skills the member typed on their profile, in their order. */
export async function typedSkills(db: DbOrTx, userId: string): Promise<Array<{ slug: string; name: string }>> {
  const s = skillNames('s');
  const us = memberSkills('us');
  const result = await db.execute(sql`
    select ${s.slug} as slug, ${s.name} as name from ${us} join ${s} on ${s.id} = ${us.skillId}
    where ${us.ownerId} = ${userId} order by ${us.position}`);
  return rowsOf<{ slug: string; name: string }>(result);
}

export const passportRepo = {
  async hiddenOf(db: DbOrTx, userId: string): Promise<Set<string>> {
    const rows = await db
      .select({ id: passportHiddenEvidence.evidenceId })
      .from(passportHiddenEvidence)
      .where(eq(passportHiddenEvidence.userId, userId));
    return new Set(rows.map((r) => r.id));
  },

  async setHidden(db: DbOrTx, userId: string, evidenceId: string, hidden: boolean): Promise<void> {
    if (hidden) await db.insert(passportHiddenEvidence).values({ userId, evidenceId }).onConflictDoNothing();
    else
      await db
        .delete(passportHiddenEvidence)
        .where(and(eq(passportHiddenEvidence.userId, userId), eq(passportHiddenEvidence.evidenceId, evidenceId)));
  },

  /** The new endorsement, or undefined when this mentor already endorsed this mentee for this skill. */
  async endorse(db: DbOrTx, values: typeof mentorEndorsements.$inferInsert) {
    const [row] = await db.insert(mentorEndorsements).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** The slugs of the skills this mentor endorsed this mentee for. */
  async endorsedSlugs(db: DbOrTx, mentorId: string, menteeId: string): Promise<Set<string>> {
    const s = skillNames('s');
    const result = await db.execute(sql`
      select ${s.slug} as slug from ${mentorEndorsements} e join ${s} on ${s.id} = e.skill_id
      where e.mentor_id = ${mentorId} and e.mentee_id = ${menteeId}`);
    return new Set(rowsOf<{ slug: string }>(result).map((r) => r.slug));
  },

  /** Endorsements given and received, for the member's data export. */
  async endorsementsOf(db: DbOrTx, userId: string) {
    const s = skillNames('s');
    const result = await db.execute(sql`
      select e.id, e.mentor_id as "mentorId", e.mentee_id as "menteeId", ${s.slug} as skill, e.text, e.created_at as "createdAt"
      from ${mentorEndorsements} e join ${s} on ${s.id} = e.skill_id
      where e.mentor_id = ${userId} or e.mentee_id = ${userId} order by e.created_at`);
    return rowsOf<Record<string, unknown>>(result);
  },

  /** Erasure: the endorsements the member gave or received, and what they hid. Answers the mentees they had endorsed. */
  async erase(db: DbOrTx, userId: string): Promise<string[]> {
    const result = await db.execute(
      sql`delete from ${mentorEndorsements} where mentor_id = ${userId} or mentee_id = ${userId} returning mentee_id as "menteeId"`,
    );
    await db.delete(passportHiddenEvidence).where(eq(passportHiddenEvidence.userId, userId));
    return rowsOf<{ menteeId: string }>(result)
      .map((r) => r.menteeId)
      .filter((id) => id !== userId);
  },
};
