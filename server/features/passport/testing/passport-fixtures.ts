import { expect } from 'vitest';
import type { Harness } from '#server/test/harness';
import { actor, as, makeCourse, type Actor } from '#server/features/courses/testing/course-fixtures';
import { quizAttempts } from '#server/features/courses/assessments/assessments.table';
import { enrolments } from '#server/features/courses/learning/course-learning.table';
import { jobApplications, jobs } from '#server/features/jobs/jobs.table';
import { gigReviews, gigs } from '#server/features/talent/talent.table';
import { makeMentor } from '#server/features/mentorship/testing/mentorship-fixtures';
import { pastSession } from '#server/features/mentorship/testing/review-fixtures';
import { subscribe } from '#server/features/mentorship/testing/session-fixtures';

/*
 * Test helpers for the passport suites: the rows each area keeps when a member completes a course,
 * passes its quiz, delivers a gig or is hired, inserted directly (each area's own suites prove the
 * flows that make them; the passport only reads them), dated `daysAgo` before the harness's clock.
 * Rows written directly pass no area's hook, so each helper then recomputes the member's stored
 * levels as those flows do in their transaction (decision 079).
 */

const at = (h: Harness, daysAgo = 0) => new Date(h.clock.now.getTime() - daysAgo * 86_400_000);
const stored = (h: Harness, member: Actor) => h.services.passportLevels.recompute([member.user.id]);

/** A published course teaching `skills`, completed by `member`, its first lesson's quiz passed when `quiz`. */
export async function completedCourse(
  h: Harness,
  member: Actor,
  skills: string[],
  opts: { daysAgo?: number; quiz?: boolean } = {},
) {
  const tutor = await actor(h, 'tutor');
  const admin = await actor(h, 'admin');
  const course = await makeCourse(h, tutor.user, {
    admin: admin.user,
    input: { title: `React for Lagos retail ${skills.join(' ')}`, skills },
  });
  const db = h.app.database.db;
  await db.insert(enrolments).values({ userId: member.user.id, courseId: course.id, completedAt: at(h, opts.daysAgo) });
  if (opts.quiz)
    await db.insert(quizAttempts).values({
      lessonId: course.lessonIds[0]!,
      courseId: course.id,
      userId: member.user.id,
      number: 1,
      scorePercent: 90,
      passed: true,
      answers: [],
      createdAt: at(h, opts.daysAgo),
    });
  await stored(h, member);
  return course;
}

/** A gig asking for `skills` that `member` completed, rated `rating` by its poster (revealed), or unrated. */
export async function completedGig(
  h: Harness,
  member: Actor,
  skills: string[],
  opts: { rating?: number; daysAgo?: number } = {},
) {
  const poster = await actor(h);
  const db = h.app.database.db;
  const [gig] = await db
    .insert(gigs)
    .values({
      posterId: poster.user.id,
      title: `Storefront in ${skills.join(', ')}`,
      description: 'A small shop front for a Yaba bakery.',
      budgetType: 'fixed',
      budgetMin: 5_000_000,
      budgetMax: 8_000_000,
      currency: 'NGN',
      status: 'completed',
      talentId: member.user.id,
      completedAt: at(h, opts.daysAgo),
      statusAt: at(h, opts.daysAgo),
    })
    .returning({ id: gigs.id });
  await linkSkills(h, 'gig_skills', 'gig_id', gig!.id, skills);
  if (opts.rating)
    await db.insert(gigReviews).values({
      gigId: gig!.id,
      authorId: poster.user.id,
      subjectId: member.user.id,
      subjectRole: 'talent',
      rating: opts.rating,
      text: 'Delivered early and clean.',
      revealedAt: at(h, opts.daysAgo),
    });
  await stored(h, member);
  return gig!.id;
}

/** A job requiring `skills` that hired `member`. */
export async function hiredThrough(h: Harness, member: Actor, skills: string[], opts: { daysAgo?: number } = {}) {
  const employer = await actor(h, 'employer');
  const db = h.app.database.db;
  const [job] = await db
    .insert(jobs)
    .values({
      employerId: employer.user.id,
      title: 'Front-end developer',
      companyName: 'Kuda Retail',
      description: 'Build our shop screens.',
      location: 'Lagos',
      workplace: 'remote',
      type: 'full_time',
      status: 'closed',
    })
    .returning({ id: jobs.id });
  await linkSkills(h, 'job_skills', 'job_id', job!.id, skills);
  await db.insert(jobApplications).values({
    jobId: job!.id,
    applicantId: member.user.id,
    status: 'hired',
    updatedAt: at(h, opts.daysAgo),
  });
  await stored(h, member);
  return job!.id;
}

async function linkSkills(h: Harness, table: string, column: string, ownerId: string, slugs: string[]) {
  for (const [position, slug] of slugs.entries())
    await h.app.database.db.execute(
      `insert into ${table} (${column}, skill_id, position) select '${ownerId}', id, ${position} from skills where slug = '${slug}'`,
    );
}

/** An approved mentor in `expertise` and a mentee with `sessions` sessions held with them. */
export async function mentorWithMentee(h: Harness, expertise: string[], sessions = 3) {
  const mentor = await makeMentor(h, await actor(h, 'admin'), { expertise });
  const mentee = await actor(h, 'mentee');
  const subscriptionId = await subscribe(h, mentor, mentee);
  for (let i = 0; i < sessions; i++) await pastSession(h, mentor, mentee, subscriptionId, { daysAgo: 10 + i * 7 });
  return { mentor, mentee };
}

export async function endorse(h: Harness, mentor: Actor, mentee: Actor, skill: string, status = 201) {
  const res = await as(h, mentor)('POST', '/api/mentor/endorsements', {
    menteeId: mentee.user.id,
    skill,
    text: 'Shipped a checkout in React with me reviewing every pull request.',
  });
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

export async function passportOf(h: Harness, viewer: Actor, of: Actor) {
  const res = await as(h, viewer)('GET', `/api/users/${of.user.username}/passport`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    skills: Array<{
      slug: string;
      level: string;
      publicLevel?: string;
      evidence: Array<{
        id: string;
        kind: string;
        title: string;
        url: string;
        hidden?: boolean;
        detail: string | null;
      }>;
    }>;
  };
}
