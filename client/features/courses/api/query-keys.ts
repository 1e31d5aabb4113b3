import type { QueryClient } from '@tanstack/react-query';
import type { TCoursesQuery } from '#shared/courses/courses.schemas';

/**
 * Keys are the request paths split at their ids (shared/realtime/events.ts), so a course event's
 * ['/api/courses', id] refreshes the course and, by prefix, its content, progress and reviews.
 * A list's filters follow as an object, never a string, so they cannot pass for an id.
 */
export const coursesKey = ['/api/courses'] as const;
export const courseListKey = (query: TCoursesQuery) => [...coursesKey, query] as const;
export const courseKey = (id: string) => ['/api/courses', id] as const;
export const courseContentKey = (id: string) => ['/api/courses', id, 'content'] as const;
export const courseProgressKey = (id: string) => ['/api/courses', id, 'progress'] as const;
export const courseReviewsKey = (id: string) => ['/api/courses', id, 'reviews'] as const;
export const tutorCoursesKey = ['/api/tutor/courses'] as const;
export const enrolmentsKey = ['/api/user/enrollments'] as const;
export const adminCoursesPrefix = ['/api/admin/courses'] as const;
export const adminCoursesKey = (status: string) => [...adminCoursesPrefix, { status }] as const;
export const certificateKey = (code: string) => ['/api/certificates', code] as const;

/** After the tutor changes a course: its page, content and the lists that show it. */
export function refreshCourse(client: QueryClient, id: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: courseKey(id) }),
    client.invalidateQueries({ queryKey: tutorCoursesKey }),
  ]);
}
