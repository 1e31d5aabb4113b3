import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TJobMatch } from '#shared/jobs/jobs.schemas';
import { skills } from '../skills/skills.table';
import { userSkills } from '../profiles/profiles.table';
import { courseSkills } from '../courses/course-skills.table';
import { courses } from '../courses/courses.table';
import { enrolments } from '../courses/course-learning.table';
import { gigs, gigSkills } from '../talent/talent.table';
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
 * asked for it, and for a missing skill the published courses that do. Read-only joins across
 * profiles', courses' and talent's tables, as the catalogue's search does across its own:
 * loading them through each service would be one query per skill.
 */
export async function jobMatch(db: DbOrTx, jobId: string, userId: string): Promise<TJobMatch> {
  const result = await db.execute<MatchRow>(sql`
    select s.slug, s.name,
      exists (select 1 from ${userSkills} us where us.user_id = ${userId} and us.skill_id = js.skill_id) as held,
      exists (select 1 from ${userSkills} us where us.user_id = ${userId}) as has_skills,
      coalesce((
        select json_agg(json_build_object('kind', p.kind, 'id', p.id, 'title', p.title) order by p.kind, p.at, p.id)
        from (
          select 'course' as kind, c.id, c.title, e.completed_at as at
          from ${courseSkills} cs
          join ${courses} c on c.id = cs.course_id
          join ${enrolments} e on e.course_id = c.id and e.user_id = ${userId} and e.completed_at is not null
          where cs.skill_id = js.skill_id
          union all
          select 'gig' as kind, g.id, g.title, g.status_at as at
          from ${gigSkills} gs
          join ${gigs} g on g.id = gs.gig_id and g.talent_id = ${userId} and g.status = 'completed'
          where gs.skill_id = js.skill_id
        ) p
      ), '[]'::json) as evidence,
      coalesce((
        select json_agg(json_build_object('id', x.id, 'title', x.title))
        from (
          select c.id, c.title from ${courseSkills} cs join ${courses} c on c.id = cs.course_id
          where cs.skill_id = js.skill_id and c.status = 'published'
          order by c.enrolment_count desc, c.id limit ${COURSES_PER_SKILL}
        ) x
      ), '[]'::json) as courses
    from ${jobSkills} js
    join ${skills} s on s.id = js.skill_id
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
  const result = await db.execute<{ any: boolean }>(
    sql`select exists (select 1 from ${userSkills} where user_id = ${userId}) as any`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ any: boolean }> }).rows) as Array<{
    any: boolean;
  }>;
  return Boolean(rows[0]?.any);
}
