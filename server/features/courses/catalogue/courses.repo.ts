import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, sql, type Placeholder } from 'drizzle-orm';
import { countPastEnd, countPlan } from '#server/db/capped-counts';
import { boundedPage, pageAnswer, pageRowJson, readPageRow } from '#server/db/paging';
import * as search from '#server/db/search';
import type { DbOrTx } from '#server/db/client';
import type { TCourseStatus } from '#shared/courses/courses.constants';
import { people, personColumns } from '#server/features/accounts';
import { courseReviews } from '../learning/course-learning.table';
import {
  parameterise,
  searchFilters,
  searchFrom,
  searchRank,
  searchWhere,
  sortKeys,
  wordsMatch,
  type SearchPlan,
  type SearchShape,
} from './course-search.repo';
import type { CourseWithTutor } from '../courses.presenter';
import { courseColumns, courses, lessons, type CourseRow } from './courses.table';

/** The skill links the skills service keeps for this area: services hand it the table, never query it. */
export { courseSkills } from './course-skills.table';
export type { CourseRow, LessonRow, SectionRow } from './courses.table';

/*
 * Course lists join the accounts feature's `people()` for the tutor (decision 013), because the
 * catalogue must answer a page in one statement rather than one accounts lookup per card.
 */
function tutors(now: Date | Placeholder) {
  const tutor = people('tutor');
  return { tutor, withTutor: { course: courseColumns, tutor: personColumns(tutor, now) } };
}

export type NewCourse = Omit<typeof courses.$inferInsert, 'id' | 'searchVector'>;
export type CourseChanges = Partial<Omit<CourseRow, 'id' | 'tutorId' | 'createdAt'>>;

/**
 * The catalogue's page as one prepared statement (decision 085, server/db/paging.ts): the page's
 * ids with the capped count and the next cursor's keys, then the page's courses read whole with
 * their tutor. Limit, offset and the cursor's keys are placeholders, so a key's statement serves
 * every page. `countKnown`: the count passed the cap lately (db/capped-counts.ts) and is left out.
 */
function buildCatalogue(db: DbOrTx, key: string, plan: SearchShape, countKnown: boolean) {
  const picked = boundedPage({
    ...searchFrom(plan),
    where: searchFilters(plan),
    match: wordsMatch(plan),
    id: sql`${courses.id}`,
    recency: sql`${courses.publishedAt}`,
    ...sortKeys(plan.sort, searchRank(plan)),
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
    cursor: plan.cursor ?? null,
    countKnown,
  });
  const tutor = people('tutor');
  return (
    db
      .select({ paged: pageRowJson, row: courseColumns, tutor: personColumns(tutor, sql.placeholder('now')) })
      .from(sql`(${picked}) as page`)
      .innerJoin(courses, sql`${courses.id} = "page"."page_id"`)
      .innerJoin(tutor, eq(tutor.id, courses.tutorId))
      .orderBy(sql`"page"."tier", "page"."rn"`)
      // PostgreSQL tells prepared statements apart by their first 63 bytes, which a long key passes.
      .prepare(`courses_catalogue_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`)
  );
}

type CatalogueStatement = ReturnType<typeof buildCatalogue>;
const catalogueStatements = new WeakMap<DbOrTx, Map<string, CatalogueStatement>>();

function catalogueStatement(db: DbOrTx, shapeKey: string, shape: SearchShape, countKnown: boolean): CatalogueStatement {
  const key = countKnown ? `${shapeKey}_uncounted` : shapeKey;
  let cached = catalogueStatements.get(db);
  if (!cached) catalogueStatements.set(db, (cached = new Map()));
  let statement = cached.get(key);
  if (!statement) cached.set(key, (statement = buildCatalogue(db, key, shape, countKnown)));
  return statement;
}

export const coursesRepo = {
  /**
   * One page of the catalogue, the capped number of matches and the next cursor, in one
   * statement (a page past the end counts in a second).
   */
  async catalogue(
    db: DbOrTx,
    plan: SearchPlan,
    now: Date,
  ): Promise<{ total: number; totalCapped: boolean; nextCursor: string | null; rows: CourseWithTutor[] }> {
    const { key, shape, params } = parameterise(plan);
    const run = async (tryKey: string, tryShape: SearchShape) => {
      const counts = countPlan(
        db,
        JSON.stringify(['courses', plan.text, tryShape.prefixes ?? false, tryShape.fuzzy ?? false, plan.filters]),
        now.getTime(),
      );
      const found = await catalogueStatement(db, tryKey, tryShape, counts.skip).execute({ ...params, now });
      const paged = found.map((r) => readPageRow(r.paged));
      const counted = await countPastEnd(db, { ...plan, rows: found.length, counts }, () => {
        // The values themselves (not placeholders): a rare statement, not worth preparing.
        const literal: SearchShape = { ...plan, prefixes: tryShape.prefixes, fuzzy: tryShape.fuzzy };
        return { ...searchFrom(literal), where: searchWhere(literal) };
      });
      return { found, ...pageAnswer(paged, counted, plan.limit, plan.cursor ?? null, counts) };
    };
    let result = await run(key, shape);
    // Nothing matched the words as typed: try them as the starts of words (half typed), then
    // titles within a typo of them (decision 024). Each try is its own prepared statement, so
    // that the common case, whole words, stays one exact GIN lookup. The total counts every
    // match, so a later page (by number or cursor) of a list a retry found finds none as typed
    // either, and takes the same retry: the cursor continues the list it came from.
    const none = () => plan.text !== null && result.total === 0;
    if (none()) result = await run(`${key}_prefixes`, { ...shape, prefixes: true });
    if (none()) result = await run(`${key}_fuzzy`, { ...shape, fuzzy: true });
    const { found, ...answer } = result;
    return { ...answer, rows: found.map(({ row, tutor }) => ({ course: row, tutor })) };
  },

  /** Titles of published courses matching a half-typed search, best first. */
  async suggest(db: DbOrTx, text: string, limit: number): Promise<Array<{ id: string; title: string }>> {
    const { source, alias } = search.searchSource(text);
    return db
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .crossJoin(source)
      .where(and(eq(courses.status, 'published'), search.searchMatch(courses.searchVector, alias, courses.title)))
      .orderBy(desc(search.searchRank(courses.searchVector, alias)), desc(courses.enrolmentCount), asc(courses.title))
      .limit(limit);
  },

  async insert(db: DbOrTx, values: NewCourse): Promise<CourseRow> {
    const [row] = await db.insert(courses).values(values).returning(courseColumns);
    return row!;
  },

  async find(db: DbOrTx, id: string): Promise<CourseRow | undefined> {
    const [row] = await db.select(courseColumns).from(courses).where(eq(courses.id, id)).limit(1);
    return row;
  },

  /** The row, locked until the transaction ends: changes to one course and its counters queue up. */
  async lock(tx: DbOrTx, id: string): Promise<CourseRow | undefined> {
    const [row] = await tx.select(courseColumns).from(courses).where(eq(courses.id, id)).for('update').limit(1);
    return row;
  },

  async update(db: DbOrTx, id: string, values: CourseChanges): Promise<CourseRow> {
    const [row] = await db
      .update(courses)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(courses.id, id))
      .returning(courseColumns);
    return row!;
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(courses).where(eq(courses.id, id));
  },

  async listByTutor(db: DbOrTx, tutorId: string, now: Date): Promise<CourseWithTutor[]> {
    const { tutor, withTutor } = tutors(now);
    return db
      .select(withTutor)
      .from(courses)
      .innerJoin(tutor, eq(tutor.id, courses.tutorId))
      .where(eq(courses.tutorId, tutorId))
      .orderBy(sql`${courses.updatedAt} desc`);
  },

  /** The admin queue: oldest submission first, as a queue is worked. */
  async listByStatus(db: DbOrTx, status: TCourseStatus, now: Date): Promise<CourseWithTutor[]> {
    const { tutor, withTutor } = tutors(now);
    return db
      .select(withTutor)
      .from(courses)
      .innerJoin(tutor, eq(tutor.id, courses.tutorId))
      .where(eq(courses.status, status))
      .orderBy(asc(courses.submittedAt), asc(courses.createdAt))
      .limit(500);
  },

  /** Lesson count and total length, recounted from the lessons in the caller's transaction. */
  async recountLessons(tx: DbOrTx, courseId: string): Promise<void> {
    await tx
      .update(courses)
      .set({
        lessonCount: sql`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${courseId})`,
        durationSeconds: sql`(select coalesce(sum(${lessons.durationSeconds}), 0)::int from ${lessons} where ${lessons.courseId} = ${courseId})`,
        updatedAt: sql`now()`,
      })
      .where(eq(courses.id, courseId));
  },

  /** Average and count, recounted from the reviews; the caller holds the course's lock. */
  async recountRatings(tx: DbOrTx, courseId: string): Promise<CourseRow> {
    const [row] = await tx
      .update(courses)
      .set({
        ratingCount: sql`(select count(*)::int from ${courseReviews} where ${courseReviews.courseId} = ${courseId})`,
        ratingAverage: sql`(select avg(${courseReviews.rating})::float8 from ${courseReviews} where ${courseReviews.courseId} = ${courseId})`,
      })
      .where(eq(courses.id, courseId))
      .returning(courseColumns);
    return row!;
  },

  async addEnrolments(tx: DbOrTx, courseId: string, by: number): Promise<void> {
    await tx
      .update(courses)
      .set({ enrolmentCount: sql`${courses.enrolmentCount} + ${by}` })
      .where(eq(courses.id, courseId));
  },

  async hasLessons(db: DbOrTx, courseId: string): Promise<boolean> {
    const [row] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId)).limit(1);
    return Boolean(row);
  },

  /** Only an admin's approval sets `published_at`, and archiving keeps it: "an approved course" (decision 047). */
  async hasApproved(db: DbOrTx, tutorId: string): Promise<boolean> {
    const approved = and(eq(courses.tutorId, tutorId), isNotNull(courses.publishedAt));
    return (await db.select({ id: courses.id }).from(courses).where(approved).limit(1)).length > 0;
  },
};
