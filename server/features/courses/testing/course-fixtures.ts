import type { LightMyRequestResponse } from 'fastify';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TCourseInput } from '#shared/courses/courses.schemas';
import type { TRole } from '#shared/roles';
import { READ_SECONDS_FLOOR } from '#shared/courses/lesson-progress';
import { adminLogin, buildUser, login, type Harness, type HarnessCore } from '#server/test/harness';

/** Test helpers for the courses suites: people with sessions, and courses in any state, made through the services. */
export interface Actor {
  user: TUser;
  cookie: string;
}

export async function actor(h: HarnessCore, role: TRole = 'general'): Promise<Actor> {
  const row = await buildUser(h, { role });
  const cookie = role === 'admin' ? await adminLogin(h, row.email) : await login(h, row.username);
  return { user: await h.services.accounts.present(row), cookie };
}

export const courseInput = (over: Partial<TCourseInput> = {}) => ({
  title: 'Spreadsheets for small business',
  summary: 'Keep books, stock and prices in order with a spreadsheet.',
  description: 'From the first cell to a monthly report.',
  category: 'business' as const,
  level: 'beginner' as const,
  language: 'en' as const,
  priceMinor: 0,
  currency: 'NGN' as const,
  thumbnailUploadId: null,
  ...over,
});

export interface MadeCourse {
  id: string;
  sectionId: string;
  lessonIds: string[];
}

/**
 * A course of `tutor` with one section of `lessons` text lessons (the first a preview unless
 * told otherwise), taken to `status` the way people do: submitted, then decided by `admin`.
 */
export async function makeCourse(
  h: HarnessCore,
  tutor: TUser,
  opts: {
    status?: 'draft' | 'in_review' | 'published' | 'rejected';
    lessons?: number;
    preview?: boolean;
    admin?: TUser;
    input?: Partial<TCourseInput>;
  } = {},
): Promise<MadeCourse> {
  const { courses, courseContent } = h.services;
  const { status = 'published', lessons = 2, preview = true } = opts;
  const course = await courses.create(tutor, courseInput(opts.input));
  const section = await courseContent.addSection(tutor, course.id, { title: 'Getting started' });
  const lessonIds: string[] = [];
  for (let i = 0; i < lessons; i++) {
    const lesson = await courseContent.addLesson(tutor, course.id, section.id, {
      kind: 'text',
      title: `Lesson ${i + 1}`,
      body: `Lesson ${i + 1} body`,
      durationSeconds: 60,
      preview: preview && i === 0,
      attachmentUploadIds: [],
    });
    lessonIds.push(lesson.id);
  }
  if (status !== 'draft') {
    await courses.submit(tutor, course.id);
    if (status !== 'in_review') {
      const admin = opts.admin ?? (await actor(h, 'admin')).user;
      const decision =
        status === 'published'
          ? { decision: 'approve' as const }
          : { decision: 'reject' as const, reason: 'Please add more examples.' };
      await courses.decide(admin, course.id, decision);
    }
  }
  return { id: course.id, sectionId: section.id, lessonIds };
}

/** An inject with the actor's cookie (or none for a visitor). */
export function as(h: Harness, who: Actor | null) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    h.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

/**
 * Reads one of makeCourse's short text lessons the way the player reports it: open, scrolled to
 * the end, and still open once the reading time has passed on the harness clock. It completes.
 */
export async function readLesson(h: Harness, learner: TUser, courseId: string, lessonId: string) {
  const { courseLearning } = h.services;
  await courseLearning.beat(learner, courseId, lessonId, { scrolledToEnd: true });
  h.clock.advance((READ_SECONDS_FLOOR + 1) * 1000);
  return courseLearning.beat(learner, courseId, lessonId, { scrolledToEnd: true });
}
