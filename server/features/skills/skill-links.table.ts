import { index, integer, pgTable, primaryKey, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { skills } from './skills.table';

/**
 * The join table an area keeps between its rows and skills (user_skills, course_skills, and
 * later job_skills, gig_skills...): declared in the area's own `*.table.ts` with this, read and
 * written only through the skills service (`setLinks`, `linksOf`), so every area stores and
 * answers skills the same way. `position` keeps the order the member chose.
 */
export function skillLinks(name: string, ownerColumn: string, owner: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      ownerId: uuid(ownerColumn).notNull().references(owner, { onDelete: 'cascade' }),
      skillId: uuid('skill_id')
        .notNull()
        .references(() => skills.id, { onDelete: 'cascade' }),
      position: integer('position').notNull(),
    },
    (t) => [primaryKey({ columns: [t.ownerId, t.skillId] }), index(`${name}_skill_idx`).on(t.skillId)],
  );
}

export type SkillLinkTable = ReturnType<typeof skillLinks>;
