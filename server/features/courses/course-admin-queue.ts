import type { AdminQueue } from '../admin';
import type { MemberActivity } from '../admin';
import type { DailySource } from '../admin';
import { courseAdminRepo } from './course-admin.repo';

/** Courses waiting for review, in the console's queues; decided on the review card (POST /api/admin/courses/:id/review). */
export const courseReviewQueue: AdminQueue = {
  kind: 'courses',
  label: 'Courses in review',
  count: (tx) => courseAdminRepo.inReviewCount(tx),
  async list(tx, page) {
    const rows = await courseAdminRepo.inReviewPage(tx, page);
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
  query: (tx, from, to) => courseAdminRepo.enrolmentsByDay(tx, from, to),
};

export const courseActivity: MemberActivity[] = [
  {
    label: 'Courses enrolled in',
    count: (userId, tx) => courseAdminRepo.enrolmentsOf(tx, userId),
  },
  {
    label: 'Courses created',
    count: (userId, tx) => courseAdminRepo.coursesBy(tx, userId),
  },
];
