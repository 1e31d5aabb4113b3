import { eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { enrolments } from './learning/course-learning.table';
import { courseSkills } from './catalogue/course-skills.table';
import { courses } from './catalogue/courses.table';

/*
 * The parts of other areas' statements that read courses: each area keeps its statement one
 * statement, and courses decides what of a course leaves it. `skillId` is a column of the
 * caller's statement (the skill it asks about, row by row).
 */

const qb = new QueryBuilder();

/** The ids of the courses `tutorId` teaches (certificates name their tutor anew at erasure). */
export const coursesTaughtBy = (tutorId: string) =>
  qb.select({ id: courses.id }).from(courses).where(eq(courses.tutorId, tutorId));

/** The courses `userId` completed here that teach the skill: `id`, `title`, and `at`, when they completed it. */
export const completedCoursesTeaching = (userId: string, skillId: SQL): SQL => sql`
  select c.id, c.title, e.completed_at as at
  from ${courseSkills} cs
  join ${courses} c on c.id = cs.course_id
  join ${enrolments} e on e.course_id = c.id and e.user_id = ${userId} and e.completed_at is not null
  where cs.skill_id = ${skillId}`;

/** The `limit` published courses that teach the skill, the most enrolled first: `id`, `title`. */
export const publishedCoursesTeaching = (skillId: SQL, limit: number): SQL => sql`
  select c.id, c.title from ${courseSkills} cs join ${courses} c on c.id = cs.course_id
  where cs.skill_id = ${skillId} and c.status = 'published'
  order by c.enrolment_count desc, c.id limit ${limit}`;
