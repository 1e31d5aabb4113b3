import { sql, type AnyColumn, type SQL, type Subquery, type Table } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { TFilterLevel } from '#shared/passport/passport.schemas';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import { skills } from './skills.table';

/*
 * The pieces the gig list, the talent directory and the job match share to answer in one
 * statement: the skills filter by slug (no statement of its own to resolve them), each row's
 * skills as JSON, how many of the slugs asked for exist (an unknown one is a 400, checked after),
 * and the skills' names. `owner` is the owning row's id, qualified: drizzle leaves columns bare
 * in a one-table query, and a bare "id" inside these subqueries would be the skill's.
 */

/** An area's links to skills: its own link table, or the subquery another area hands out of its (profiles' memberSkills). */
export type SkillLinks = (Table | Subquery) & Record<'ownerId' | 'skillId' | 'position', AnyColumn>;

const qb = new QueryBuilder();

/** Every skill's slug and name, to join under the name `alias`. */
export function skillNames(alias: string) {
  return qb.select({ id: skills.id, slug: skills.slug, name: skills.name }).from(skills).as(alias);
}

const slugList = (slugs: string[]) =>
  sql.join(
    [...new Set(slugs)].map((s) => sql`${s}`),
    sql`, `,
  );

/** The owner holds any of these skills (and, when `also` is given, one of them passes it: a passport level). */
export const hasAnySkill = (table: SkillLinks, owner: SQL, slugs: string[], also?: (skill: SQL) => SQL): SQL =>
  sql`exists (select 1 from ${table} where ${table.ownerId} = ${owner} and ${table.skillId} in (select ${skills.id} from ${skills} where ${skills.slug} in (${slugList(slugs)}))${also ? sql` and ${also(sql`${table.skillId}`)}` : sql``})`;

/** SQL for a list's statement: the member `owner` holds the skill `skill` at `floor` or above (the passport's, decision 079). */
export type LevelTest = (owner: SQL, skill: SQL, floor: TFilterLevel) => SQL;

/** Without the passport nobody is at any level. */
export const nobodyAtLevel: LevelTest = () => sql`false`;

/** How many of these skills the owner holds. */
export const skillsHeld = (table: SkillLinks, owner: SQL, slugs: string[]): SQL<number> =>
  sql<number>`(select count(*)::int from ${table} where ${table.ownerId} = ${owner} and ${table.skillId} in (select ${skills.id} from ${skills} where ${skills.slug} in (${slugList(slugs)})))`;

/** The owner's skills in their order, as JSON. */
export const skillsJson = (table: SkillLinks, owner: SQL): SQL<unknown> =>
  sql`coalesce((select json_agg(json_build_object('slug', ${skills.slug}, 'name', ${skills.name}) order by ${table.position})
    from ${table} join ${skills} on ${skills.id} = ${table.skillId} where ${table.ownerId} = ${owner}), '[]'::json)`;

/** How many of the slugs exist: fewer than asked means one is unknown. */
export const knownSkills = (slugs: string[]): SQL<number> =>
  slugs.length > 0
    ? sql<number>`(select count(*)::int from ${skills} where ${skills.slug} in (${slugList(slugs)}))`
    : sql<number>`0`;

/** JSON from either driver (node-postgres parses it, a value read through a subquery may stay text). */
export const parseSkills = (value: unknown): TSkillRef[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) as TSkillRef[];

/** The ids of these skills as a uuid[] (for an owner's stored skill ids, decision 082), computed once per statement. */
export const skillIdArray = (slugs: string[]): SQL =>
  sql`array(select ${skills.id} from ${skills} where ${skills.slug} in (${slugList(slugs)}))::uuid[]`;
