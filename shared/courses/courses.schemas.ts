import { z } from 'zod';
import { ZListCursor, ZListPaging } from '../list-paging';
import { ZCurrency, ZMinorUnits } from '../money';
import { ZSkillRef, ZSkillSlugs } from '../skills/skills.schemas';
import {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  COURSE_SORTS,
  COURSE_STATUSES,
  COURSES_MAX_PAGE_SIZE,
  COURSES_PAGE_SIZE,
  LESSON_KINDS,
} from './courses.constants';

/**
 * The courses API contract. One schema serves the form, the fetcher and the route
 * (docs/ARCHITECTURE.md rule 3). Lessons, progress, reviews and certificates: lessons.schemas.ts.
 */
export const ZCourseStatus = z.enum(COURSE_STATUSES);
export const ZCourseLevel = z.enum(COURSE_LEVELS, { error: 'Choose a level' });
export const ZCourseCategory = z.enum(COURSE_CATEGORIES, { error: 'Choose a category' });
export const ZCourseLanguage = z.enum(COURSE_LANGUAGES, { error: 'Choose a language' });
export const ZCourseSort = z.enum(COURSE_SORTS);

/** The fields a tutor writes, without defaults: ZCoursePatch must leave absent keys absent. */
const courseFields = {
  title: z
    .string()
    .trim()
    .min(5, 'Title must be at least 5 characters')
    .max(120, 'Title must be at most 120 characters'),
  summary: z
    .string()
    .trim()
    .min(10, 'Summary must be at least 10 characters')
    .max(300, 'Summary must be at most 300 characters'),
  description: z.string().trim().max(20_000, 'Description must be at most 20,000 characters'),
  category: ZCourseCategory,
  level: ZCourseLevel,
  language: ZCourseLanguage,
  priceMinor: ZMinorUnits,
  currency: ZCurrency,
  /** An image upload's id (POST /api/uploads?kind=image), or null for none. */
  thumbnailUploadId: z.uuid('Upload the image again').nullable(),
  /** What the course teaches, from the skills vocabulary (GET /api/skills). */
  skills: ZSkillSlugs,
};

/** What a tutor writes. status, tutorId and counts are never accepted from the body. */
export const ZCourseInput = z.object({
  ...courseFields,
  description: courseFields.description.default(''),
  language: courseFields.language.default('en'),
  priceMinor: courseFields.priceMinor.default(0),
  currency: courseFields.currency.default('NGN'),
  thumbnailUploadId: courseFields.thumbnailUploadId.default(null),
  skills: courseFields.skills.default([]),
});
export type TCourseInput = z.input<typeof ZCourseInput>;
/** Only the keys sent change (a partial of ZCourseInput would fill the defaults back in). */
export const ZCoursePatch = z.object(courseFields).partial();
export type TCoursePatch = z.input<typeof ZCoursePatch>;

export const ZPersonRef = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});
export type TPersonRef = z.infer<typeof ZPersonRef>;

/** A catalogue card. */
export const ZCourseSummary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  category: ZCourseCategory,
  level: ZCourseLevel,
  language: ZCourseLanguage,
  priceMinor: z.number().int(),
  currency: ZCurrency,
  thumbnailUrl: z.string().nullable(),
  /** WebP copies of the thumbnail at several widths, for <img srcset>; thumbnailUrl stays the fallback. */
  thumbnailSrcset: z.string().nullable(),
  status: ZCourseStatus,
  tutor: ZPersonRef,
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
  enrolmentCount: z.number().int(),
  lessonCount: z.number().int(),
  durationSeconds: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TCourseSummary = z.infer<typeof ZCourseSummary>;

/** The syllabus: titles and lengths, visible to anyone who may see the course. */
export const ZSyllabusLesson = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  durationSeconds: z.number().int(),
  /** A free preview lesson: playable before enrolment. */
  preview: z.boolean(),
});
export const ZSyllabusSection = z.object({ id: z.string(), title: z.string(), lessons: z.array(ZSyllabusLesson) });
export type TSyllabusSection = z.infer<typeof ZSyllabusSection>;

/** What the viewer may do with this course; the server decides, the UI mirrors it. */
export const ZCourseViewer = z.object({
  enrolled: z.boolean(),
  isTutor: z.boolean(),
  canEdit: z.boolean(),
  canReview: z.boolean(),
  progressPercent: z.number().int().nullable(),
});

export const ZCourseDetail = ZCourseSummary.extend({
  description: z.string(),
  thumbnailUploadId: z.string().nullable(),
  skills: z.array(ZSkillRef),
  sections: z.array(ZSyllabusSection),
  /** Only for the tutor and admins: why an admin asked for changes. */
  rejectionReason: z.string().nullable(),
  viewer: ZCourseViewer,
});
export type TCourseDetail = z.infer<typeof ZCourseDetail>;

export const ZCoursesQuery = z.object({
  q: z.string().trim().max(200).optional(),
  category: ZCourseCategory.optional(),
  level: ZCourseLevel.optional(),
  language: ZCourseLanguage.optional(),
  price: z.enum(['free', 'paid']).optional(),
  sort: ZCourseSort.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(COURSES_MAX_PAGE_SIZE).default(COURSES_PAGE_SIZE),
  cursor: ZListCursor,
});
export type TCoursesQuery = z.input<typeof ZCoursesQuery>;

export const ZCourseList = z.object({
  courses: z.array(ZCourseSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...ZListPaging.shape,
});
export type TCourseList = z.infer<typeof ZCourseList>;

/** GET /api/courses/suggest: titles for the catalogue's search box as the member types. */
export const COURSE_SUGGESTIONS = 6;
export const ZCourseSuggestQuery = z.object({
  q: z.string().trim().max(100, 'Search at most 100 characters').default(''),
});
export const ZCourseSuggestions = z.object({ suggestions: z.array(z.object({ id: z.uuid(), title: z.string() })) });
export type TCourseSuggestions = z.infer<typeof ZCourseSuggestions>;

/** GET /api/tutor/courses: every course of the signed-in tutor, any status. */
export const ZTutorCourseList = z.object({
  courses: z.array(ZCourseSummary.extend({ rejectionReason: z.string().nullable() })),
});
export type TTutorCourseList = z.infer<typeof ZTutorCourseList>;

/** Admin review: approve publishes; reject needs a reason the tutor will read. */
export const ZReviewDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('reject'),
    reason: z.string().trim().min(10, 'Tell the tutor what to change (at least 10 characters)').max(2000),
  }),
]);
export type TReviewDecision = z.infer<typeof ZReviewDecision>;

/** GET /api/admin/courses?status=in_review (the review queue, oldest submission first). */
export const ZAdminCoursesQuery = z.object({ status: ZCourseStatus.default('in_review') });

export const ZIdParam = z.object({ id: z.uuid('Not found') });
