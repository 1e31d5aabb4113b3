import { z } from 'zod';
import { ZIdParam } from '#shared/courses/courses.schemas';
import { openToVisitors } from '#server/plugins/session';

/**
 * For what a visitor may read (the catalogue, a published course, its reviews, preview
 * lessons): open without a session, but closed to a member suspended from courses, whose
 * suspension covers browsing them (RESTRICTION_LABELS.courses).
 */
export const coursesOpenToVisitors = openToVisitors('courses');

export const ZCourseParams = ZIdParam;
export const ZSectionParams = ZCourseParams.extend({ sectionId: z.uuid('Section not found') });
export const ZLessonParams = ZCourseParams.extend({ lessonId: z.uuid('Lesson not found') });
