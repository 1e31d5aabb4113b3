import { canTeach, type TRole } from '#shared/roles';
import type { TCourseStatus } from '#shared/courses/courses.constants';

export type Actor = { id: string; role: TRole; roles: readonly TRole[] } | null;

/** What the rules need to know about a course and the actor's place in it. */
export interface CourseFacts {
  tutorId: string;
  status: TCourseStatus;
  /** Whether the actor is enrolled in it. */
  enrolled: boolean;
}

export type CourseAction =
  'view' | 'edit' | 'delete' | 'submit' | 'decide' | 'learn' | 'enrol' | 'track' | 'rate' | 'see-review-notes';

const isTutorOf = (user: Actor, c: CourseFacts) => Boolean(user && user.id === c.tutorId);
const isAdmin = (user: Actor) => user?.role === 'admin';

/**
 * Creating needs a teaching role (docs/product.md "Capabilities": "creating courses needs tutor or mentor"), held
 * whichever role is primary: a tutor who switched to hiring still teaches.
 */
export function canCreateCourse(user: Actor): boolean {
  return canTeach(user);
}

/**
 * The course rules, one place (docs/ARCHITECTURE.md rule 6). Services ask `view` first and answer
 * 404 when it fails, so that a course someone may not see is indistinguishable from none.
 */
export function can(user: Actor, action: CourseAction, c: CourseFacts): boolean {
  const tutor = isTutorOf(user, c);
  switch (action) {
    case 'view':
      if (c.status === 'published') return true;
      // Archived courses leave the catalogue, but their learners keep them.
      if (c.status === 'archived') return tutor || isAdmin(user) || c.enrolled;
      return tutor || isAdmin(user);
    case 'edit':
      return tutor && c.status !== 'archived';
    case 'delete':
      return tutor || isAdmin(user);
    case 'submit':
      return tutor;
    case 'decide':
      return isAdmin(user);
    case 'learn':
      return c.enrolled || tutor || isAdmin(user);
    case 'enrol':
      return Boolean(user) && !tutor && !isAdmin(user) && c.status === 'published';
    case 'track':
      return c.enrolled;
    case 'rate':
      return c.enrolled && !tutor;
    case 'see-review-notes':
      return tutor || isAdmin(user);
  }
}

/** A lesson that links an upload (as its video or an attachment), and the facts of its course. */
export interface LessonMediaLink {
  preview: boolean;
  facts: CourseFacts;
}

/**
 * Who may fetch a lesson's video or attachment: exactly who gets the lesson in the player's
 * content (GET /api/courses/:id/content). Anyone who may see the course, for a preview lesson;
 * anyone who may learn it, otherwise. One lesson that allows it is enough.
 */
export function canReadLessonMedia(user: Actor, links: LessonMediaLink[]): boolean {
  return links.some((l) => can(user, 'view', l.facts) && (l.preview || can(user, 'learn', l.facts)));
}
