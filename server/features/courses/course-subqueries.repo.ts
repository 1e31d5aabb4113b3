import { eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { ofMember } from '#server/db/of-member';
import { assignmentSubmissions, quizAttempts } from './assessments/assessments.table';
import { enrolments } from './learning/course-learning.table';
import { courseSkills } from './catalogue/course-skills.table';
import { courses, lessons } from './catalogue/courses.table';

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

/**
 * Every course `userId` completed, once per skill it teaches (the passport): `skill_id`, `id`,
 * `title`, `at`. Without a member, every member's.
 */
export const coursesCompletedBy = (userId?: string): SQL => sql`
  select cs.skill_id, c.id, c.title, e.completed_at as at
  from ${enrolments} e
  join ${courses} c on c.id = e.course_id
  join ${courseSkills} cs on cs.course_id = c.id
  where ${ofMember(sql`e.user_id`, userId)} and e.completed_at is not null`;

/**
 * The quizzes `userId` passed (the first passing attempt) and the assignments graded as passed,
 * once per skill their course teaches (the passport): `skill_id`, `id` (the lesson), `course_id`,
 * `title` (the lesson's), `course_title`, `at`. Without a member, every member's.
 */
export const assessmentsPassedBy = (userId?: string): SQL => sql`
  select cs.skill_id, a.lesson_id as id, c.id as course_id, l.title, c.title as course_title, a.at
  from (
    select q.lesson_id, q.course_id, min(q.created_at) as at
    from ${quizAttempts} q where ${ofMember(sql`q.user_id`, userId)} and q.passed group by q.lesson_id, q.course_id
    union all
    select s.lesson_id, s.course_id, coalesce(s.graded_at, s.submitted_at) as at
    from ${assignmentSubmissions} s where ${ofMember(sql`s.user_id`, userId)} and s.status = 'passed'
  ) a
  join ${courses} c on c.id = a.course_id
  join ${lessons} l on l.id = a.lesson_id
  join ${courseSkills} cs on cs.course_id = c.id`;
