import { asc, count, eq, sql } from 'drizzle-orm';
import type { AdminQueue } from '../admin/admin-queues';
import type { MemberActivity } from '../admin/admin-members.service';
import { utcDay, type DailySource } from '../admin/admin-stats';
import { people } from '../accounts/person';
import { enrolments } from './course-learning.table';
import { courses } from './courses.table';


/** Admins see every member by name, hidden ones too (decision 013). */
const tutor = people('tutor');
/** Courses waiting for review, in the console's queues; decided on the review card (POST /api/admin/courses/:id/review). */
export const courseReviewQueue: AdminQueue = {
  kind: 'courses',
  label: 'Courses in review',
  async count(tx) {
    const [row] = await tx.select({ n: count() }).from(courses).where(eq(courses.status, 'in_review'));
    return row?.n ?? 0;
  },
  async list(tx, page) {
    const rows = await tx
      .select({ id: courses.id, title: courses.title, summary: courses.summary, submittedAt: courses.submittedAt, createdAt: courses.createdAt, tutorId: courses.tutorId, tutor: tutor.fullName })
      .from(courses)
      .innerJoin(tutor, eq(tutor.id, courses.tutorId))
      .where(eq(courses.status, 'in_review'))
      .orderBy(asc(courses.submittedAt), asc(courses.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      summary: `${r.tutor}: ${r.summary}`,
      createdAt: (r.submittedAt ?? r.createdAt).toISOString(),
      link: `/courses/${r.id}`,
      subjectUserId: r.tutorId,
      evidence: null,
    }));
  },
};

/** Enrolments by day, for the overview. */
export const enrolmentFigures: DailySource = {
  series: [{ key: 'enrolments', label: 'Enrolments', unit: 'count' }],
  query: (tx, from, to) =>
    tx
      .select({ day: utcDay(enrolments.createdAt), enrolments: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(sql`${enrolments.createdAt} >= ${from} and ${enrolments.createdAt} < ${to}`)
      .groupBy(sql`1`),
};

export const courseActivity: MemberActivity[] = [
  {
    label: 'Courses enrolled in',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(enrolments).where(eq(enrolments.userId, userId));
      return row?.n ?? 0;
    },
  },
  {
    label: 'Courses created',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(courses).where(eq(courses.tutorId, userId));
      return row?.n ?? 0;
    },
  },
];
