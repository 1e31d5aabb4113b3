import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import * as search from '#server/db/search';
import { people, personColumns } from '#server/features/accounts';
import { courses, lessons } from '../catalogue/courses.table';
import { lessonAnswers, lessonQuestions, type LessonAnswerRow, type LessonQuestionRow } from './lesson-qa.table';

export type { LessonAnswerRow, LessonQuestionRow } from './lesson-qa.table';

const { searchVector: _vector, ...questionColumns } = getTableColumns(lessonQuestions);

/** A question with what its card shows: the lesson's title and the author (null once erased). */
function questionSelect(now: Date) {
  const author = people('author');
  return {
    author,
    columns: {
      question: questionColumns,
      lessonTitle: lessons.title,
      resolved: sql<boolean>`exists (select 1 from ${lessonAnswers} where ${lessonAnswers.questionId} = ${lessonQuestions.id} and ${lessonAnswers.accepted})`,
      author: personColumns(author, now),
    },
  };
}

export interface QuestionFilter {
  courseId: string;
  lessonId?: string;
  text: string | null;
  limit: number;
  offset: number;
}

export const lessonQaRepo = {
  async insertQuestion(tx: DbOrTx, values: typeof lessonQuestions.$inferInsert): Promise<LessonQuestionRow> {
    const [row] = await tx.insert(lessonQuestions).values(values).returning(questionColumns);
    return row!;
  },

  /** One page, pinned first, then by relevance when searching, then newest; the total rides on every row. */
  async page(db: DbOrTx, f: QuestionFilter, now: Date) {
    const { author, columns } = questionSelect(now);
    const parsed = f.text ? search.searchSource(f.text) : undefined;
    const order: SQL[] = [desc(lessonQuestions.pinned)];
    if (parsed) order.push(desc(search.searchRank(lessonQuestions.searchVector, parsed.alias)));
    order.push(desc(lessonQuestions.createdAt), desc(lessonQuestions.id));
    const query = db
      .select({ ...columns, total: sql<number>`(count(*) over ())::int` })
      .from(lessonQuestions)
      .innerJoin(lessons, eq(lessons.id, lessonQuestions.lessonId))
      .leftJoin(author, eq(author.id, lessonQuestions.authorId))
      .$dynamic();
    return (parsed ? query.crossJoin(parsed.source) : query)
      .where(
        and(
          eq(lessonQuestions.courseId, f.courseId),
          f.lessonId ? eq(lessonQuestions.lessonId, f.lessonId) : undefined,
          parsed ? search.searchMatch(lessonQuestions.searchVector, parsed.alias, lessonQuestions.title) : undefined,
        ),
      )
      .orderBy(...order)
      .limit(f.limit)
      .offset(f.offset);
  },

  async findQuestion(db: DbOrTx, courseId: string, questionId: string, now: Date) {
    const { author, columns } = questionSelect(now);
    const [row] = await db
      .select(columns)
      .from(lessonQuestions)
      .innerJoin(lessons, eq(lessons.id, lessonQuestions.lessonId))
      .leftJoin(author, eq(author.id, lessonQuestions.authorId))
      .where(and(eq(lessonQuestions.id, questionId), eq(lessonQuestions.courseId, courseId)))
      .limit(1);
    return row;
  },

  /** The question row, locked: answers, marks and pins on one question queue up. */
  async lockQuestion(tx: DbOrTx, courseId: string, questionId: string): Promise<LessonQuestionRow | undefined> {
    const [row] = await tx
      .select(questionColumns)
      .from(lessonQuestions)
      .where(and(eq(lessonQuestions.id, questionId), eq(lessonQuestions.courseId, courseId)))
      .for('update')
      .limit(1);
    return row;
  },

  async answers(db: DbOrTx, questionId: string, now: Date) {
    const author = people('author');
    return db
      .select({ answer: lessonAnswers, author: personColumns(author, now) })
      .from(lessonAnswers)
      .innerJoin(author, eq(author.id, lessonAnswers.authorId))
      .where(eq(lessonAnswers.questionId, questionId))
      .orderBy(desc(lessonAnswers.accepted), asc(lessonAnswers.createdAt), asc(lessonAnswers.id));
  },

  async insertAnswer(tx: DbOrTx, values: typeof lessonAnswers.$inferInsert): Promise<LessonAnswerRow> {
    const [row] = await tx.insert(lessonAnswers).values(values).returning();
    await tx
      .update(lessonQuestions)
      .set({ answerCount: sql`${lessonQuestions.answerCount} + 1` })
      .where(eq(lessonQuestions.id, values.questionId));
    return row!;
  },

  /** At most one accepted answer: every other one is unmarked in the same statement. */
  async setAccepted(tx: DbOrTx, questionId: string, answerId: string | null): Promise<boolean> {
    if (answerId) {
      const [found] = await tx
        .select({ id: lessonAnswers.id })
        .from(lessonAnswers)
        .where(and(eq(lessonAnswers.id, answerId), eq(lessonAnswers.questionId, questionId)));
      if (!found) return false;
    }
    await tx
      .update(lessonAnswers)
      .set({ accepted: false })
      .where(and(eq(lessonAnswers.questionId, questionId), eq(lessonAnswers.accepted, true)));
    if (answerId) await tx.update(lessonAnswers).set({ accepted: true }).where(eq(lessonAnswers.id, answerId));
    return true;
  },

  async setPinned(tx: DbOrTx, questionId: string, pinned: boolean): Promise<void> {
    await tx.update(lessonQuestions).set({ pinned }).where(eq(lessonQuestions.id, questionId));
  },

  /** The tutor's courses' questions nobody has answered yet, oldest first (a queue is worked from its head). */
  async unansweredForTutor(db: DbOrTx, tutorId: string, limit: number, now: Date) {
    const { author, columns } = questionSelect(now);
    return db
      .select({ ...columns, courseTitle: courses.title })
      .from(lessonQuestions)
      .innerJoin(courses, eq(courses.id, lessonQuestions.courseId))
      .innerJoin(lessons, eq(lessons.id, lessonQuestions.lessonId))
      .leftJoin(author, eq(author.id, lessonQuestions.authorId))
      .where(and(eq(courses.tutorId, tutorId), eq(lessonQuestions.answerCount, 0)))
      .orderBy(asc(lessonQuestions.createdAt), asc(lessonQuestions.id))
      .limit(limit);
  },

  /** A reported question, as the reports queue shows it. */
  async reportedQuestion(db: DbOrTx, id: string) {
    const [q] = await db
      .select({
        title: lessonQuestions.title,
        body: lessonQuestions.body,
        authorId: lessonQuestions.authorId,
        courseId: lessonQuestions.courseId,
        lessonId: lessonQuestions.lessonId,
      })
      .from(lessonQuestions)
      .where(eq(lessonQuestions.id, id));
    return q;
  },

  /** A reported answer with its question's course and lesson, as the reports queue shows it. */
  async reportedAnswer(db: DbOrTx, id: string) {
    const [a] = await db
      .select({
        body: lessonAnswers.body,
        authorId: lessonAnswers.authorId,
        questionId: lessonAnswers.questionId,
        courseId: lessonQuestions.courseId,
        lessonId: lessonQuestions.lessonId,
      })
      .from(lessonAnswers)
      .innerJoin(lessonQuestions, eq(lessonQuestions.id, lessonAnswers.questionId))
      .where(eq(lessonAnswers.id, id));
    return a;
  },
};
