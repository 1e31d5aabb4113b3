import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TJobMatch } from '#shared/jobs/jobs.schemas';
import { completedCoursesTeaching, publishedCoursesTeaching } from '../courses';
import { memberSkills } from '../profiles';
import { skillNames } from '../skills';
import { completedGigsAsking } from '../talent';
import { jobSkills } from './jobs.table';

/** Courses suggested per missing skill. */
const COURSES_PER_SKILL = 3;

interface MatchRow extends Record<string, unknown> {
  slug: string;
  name: string;
  held: boolean;
  has_skills: boolean;
  evidence: Array<{ kind: 'course' | 'gig'; id: string; title: string }>;
  courses: Array<{ id: string; title: string }>;
}

/**
 * "How you match" (issue 13), in one statement: each skill the job asks for, whether the seeker
 * holds it (by skill id: the vocabulary folds synonyms into one skill, decision 017), the
 * courses they completed here that teach it and the completed gigs they were hired for that
 * asked for it, and for a missing skill the published courses that do. Skills, profiles,
 * courses and talent hand out the parts of it that read their tables, so it stays one
 * statement: loading them through each service would be one query per skill.
 */
export async function jobMatch(db: DbOrTx, jobId: string, userId: string): Promise<TJobMatch> {
  const s = skillNames('s');
  const us = memberSkills('us');
  const skill = sql`js.skill_id`;
  const result = await db.execute<MatchRow>(sql`
    select ${s.slug}, ${s.name},
      exists (select 1 from ${us} where ${us.ownerId} = ${userId} and ${us.skillId} = js.skill_id) as held,
      exists (select 1 from ${us} where ${us.ownerId} = ${userId}) as has_skills,
      coalesce((
        select json_agg(json_build_object('kind', p.kind, 'id', p.id, 'title', p.title) order by p.kind, p.at, p.id)
        from (
          select 'course' as kind, c.id, c.title, c.at from (${completedCoursesTeaching(userId, skill)}) c
          union all
          select 'gig' as kind, g.id, g.title, g.at from (${completedGigsAsking(userId, skill)}) g
        ) p
      ), '[]'::json) as evidence,
      coalesce((
        select json_agg(json_build_object('id', x.id, 'title', x.title))
        from (${publishedCoursesTeaching(skill, COURSES_PER_SKILL)}) x
      ), '[]'::json) as courses
    from ${jobSkills} js
    join ${s} on ${s.id} = js.skill_id
    where js.job_id = ${jobId}
    order by js.position`);
  const rows = (Array.isArray(result) ? result : (result as { rows: MatchRow[] }).rows) as MatchRow[];
  const hasSkills = rows[0]?.has_skills ?? (await hasAnySkill(db, userId));
  return {
    hasSkills,
    total: rows.length,
    shared: rows.filter((r) => r.held).map((r) => ({ slug: r.slug, name: r.name, evidence: r.evidence })),
    missing: rows.filter((r) => !r.held).map((r) => ({ slug: r.slug, name: r.name, courses: r.courses })),
  };
}

async function hasAnySkill(db: DbOrTx, userId: string): Promise<boolean> {
  const us = memberSkills('us');
  const result = await db.execute<{ any: boolean }>(
    sql`select exists (select 1 from ${us} where ${us.ownerId} = ${userId}) as any`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ any: boolean }> }).rows) as Array<{
    any: boolean;
  }>;
  return Boolean(rows[0]?.any);
}
