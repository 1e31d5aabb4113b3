import { asc, count, eq } from 'drizzle-orm';
import type { AdminQueue } from '../admin/admin-queues';
import { people } from '../accounts/person';
import { mentorApplications } from './mentorship.table';

/** Admins see every applicant by name, hidden ones too (decision 013). */
const applicant = people('applicant');

/**
 * Mentor applications waiting, in the console's queues; decided on the mentorship panel
 * (POST /api/admin/mentor-applications/:id/decision), which the queue's screen shows.
 */
export const mentorApplicationsQueue: AdminQueue = {
  kind: 'mentors',
  label: 'Mentor applications',
  async count(tx) {
    const [row] = await tx.select({ n: count() }).from(mentorApplications).where(eq(mentorApplications.status, 'pending'));
    return row?.n ?? 0;
  },
  async list(tx, page) {
    const rows = await tx
      .select({ id: mentorApplications.id, userId: mentorApplications.userId, name: applicant.fullName, bio: mentorApplications.bio, years: mentorApplications.yearsExperience, expertise: mentorApplications.expertise, createdAt: mentorApplications.createdAt })
      .from(mentorApplications)
      .innerJoin(applicant, eq(applicant.id, mentorApplications.userId))
      .where(eq(mentorApplications.status, 'pending'))
      .orderBy(asc(mentorApplications.createdAt), asc(mentorApplications.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map((r) => ({
      id: r.id,
      title: `Mentor application from ${r.name}`,
      summary: r.bio,
      createdAt: r.createdAt.toISOString(),
      link: null,
      subjectUserId: r.userId,
      evidence: { yearsExperience: r.years, expertise: r.expertise },
    }));
  },
};
