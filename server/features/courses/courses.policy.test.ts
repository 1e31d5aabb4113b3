import { describe, expect, it } from 'vitest';
import type { TCourseStatus } from '#shared/courses/courses.constants';
import { can, canCreateCourse, canReadLessonMedia, type Actor, type CourseAction } from './courses.policy';

const TUTOR = 'tutor-1';
const actors = {
  visitor: null,
  member: { id: 'member', role: 'general', roles: ['general'] },
  learner: { id: 'learner', role: 'student', roles: ['student'] },
  tutor: { id: TUTOR, role: 'tutor', roles: ['tutor'] },
  otherTutor: { id: 'tutor-2', role: 'tutor', roles: ['tutor'] },
  admin: { id: 'admin', role: 'admin', roles: ['admin'] },
} satisfies Record<string, Actor>;
type Who = keyof typeof actors;

const course = (status: TCourseStatus, who: Who) => ({ tutorId: TUTOR, status, enrolled: who === 'learner' });
const allowed = (action: CourseAction, status: TCourseStatus) =>
  (Object.keys(actors) as Who[]).filter((who) => can(actors[who], action, course(status, who)));

describe('course policy matrix', () => {
  it.each<[CourseAction, TCourseStatus, Who[]]>([
    ['view', 'published', ['visitor', 'member', 'learner', 'tutor', 'otherTutor', 'admin']],
    ['view', 'draft', ['tutor', 'admin']],
    ['view', 'in_review', ['tutor', 'admin']],
    ['view', 'rejected', ['tutor', 'admin']],
    ['view', 'archived', ['learner', 'tutor', 'admin']],
    ['edit', 'draft', ['tutor']],
    ['edit', 'published', ['tutor']],
    ['edit', 'archived', []],
    ['delete', 'published', ['tutor', 'admin']],
    ['submit', 'draft', ['tutor']],
    ['submit', 'rejected', ['tutor']],
    ['submit', 'archived', ['tutor']],
    ['decide', 'in_review', ['admin']],
    ['learn', 'published', ['learner', 'tutor', 'admin']],
    ['enrol', 'published', ['member', 'learner', 'otherTutor']],
    ['enrol', 'draft', []],
    ['track', 'published', ['learner']],
    ['rate', 'published', ['learner']],
    ['see-review-notes', 'rejected', ['tutor', 'admin']],
  ])('%s on a %s course: %j', (action, status, who) => {
    expect(allowed(action, status)).toEqual(who);
  });

  it('lets only tutors and mentors create courses', () => {
    expect(canCreateCourse(null)).toBe(false);
    for (const role of ['general', 'student', 'employer', 'admin'] as const)
      expect(canCreateCourse({ id: 'x', role, roles: [role] })).toBe(false);
    expect(canCreateCourse({ id: 'x', role: 'tutor', roles: ['tutor'] })).toBe(true);
    expect(canCreateCourse({ id: 'x', role: 'mentor', roles: ['mentor'] })).toBe(true);
  });

  it('goes by the roles held, not the primary one: a tutor who now hires still creates courses', () => {
    expect(canCreateCourse({ id: 'x', role: 'employer', roles: ['general', 'tutor', 'employer'] })).toBe(true);
    expect(canCreateCourse({ id: 'x', role: 'employer', roles: ['general', 'employer'] })).toBe(false);
  });
});

describe('lesson media (videos and attachments)', () => {
  const readers = (status: TCourseStatus, preview: boolean) =>
    (Object.keys(actors) as Who[]).filter((who) =>
      canReadLessonMedia(actors[who], [{ preview, facts: course(status, who) }]),
    );

  it.each<[TCourseStatus, boolean, Who[]]>([
    ['published', false, ['learner', 'tutor', 'admin']],
    ['published', true, ['visitor', 'member', 'learner', 'tutor', 'otherTutor', 'admin']],
    // A preview of a course nobody else may see yet stays hidden, like the course.
    ['draft', true, ['tutor', 'admin']],
    ['in_review', false, ['tutor', 'admin']],
    // Archived courses stay with their learners, previews included, and leave everyone else.
    ['archived', false, ['learner', 'tutor', 'admin']],
    ['archived', true, ['learner', 'tutor', 'admin']],
  ])('a %s course, preview %s: %j', (status, preview, who) => {
    expect(readers(status, preview)).toEqual(who);
  });

  it('is allowed by any one linking lesson, and by none when nothing links it', () => {
    const member = actors.member;
    const paid = { preview: false, facts: course('published', 'member') };
    const open = { preview: true, facts: course('published', 'member') };
    expect(canReadLessonMedia(member, [paid])).toBe(false);
    expect(canReadLessonMedia(member, [paid, open])).toBe(true);
    expect(canReadLessonMedia(actors.admin, [])).toBe(false);
  });
});
