import { z } from 'zod';
import { ZUpload } from '../uploads/uploads.schemas';
import { ZAssessedWork } from './assessments.schemas';
import { LESSON_KINDS } from './courses.constants';
import { ZLessonFacts } from './lesson-progress';
import { ZCourseSummary } from './courses.schemas';

/** Builder: sections and lessons, their order, and what the player, progress and reviews answer. */
export const ZSectionInput = z.object({
  title: z
    .string()
    .trim()
    .min(2, 'Section title must be at least 2 characters')
    .max(120, 'Section title must be at most 120 characters'),
});
export type TSectionInput = z.infer<typeof ZSectionInput>;

/** A new order: every id of the parent, each once, first to last. */
export const ZOrder = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

/** A lesson's fields without defaults: ZLessonPatch must leave absent keys absent. */
const lessonFields = {
  title: z
    .string()
    .trim()
    .min(2, 'Lesson title must be at least 2 characters')
    .max(160, 'Lesson title must be at most 160 characters'),
  /** Rich text as sanitised Markdown: shown under the video, or the lesson itself. */
  body: z.string().max(100_000, 'The lesson text is too long'),
  durationSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
  preview: z.boolean(),
  /** Document uploads (PDF) offered for download. */
  attachmentUploadIds: z.array(z.uuid()).max(20),
  /** An uploaded video (POST /api/uploads?kind=video). */
  videoUploadId: z.uuid().nullable(),
  /** An https URL of a video file. */
  videoUrl: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https:\/\/\S+$/, 'Enter a full https:// link')
    .nullable(),
  /** A video lesson's captions: an upload of kind captions (POST /api/uploads?kind=captions, WebVTT). */
  captionsUploadId: z.uuid().nullable(),
  /** The captions' name in the player's menu. */
  captionsLabel: z.string().trim().min(1, 'Name the captions, for example English').max(40, 'At most 40 characters'),
  /** The captions' language as a BCP 47 tag: en, yo, ha, ig, pcm, fr-CA. */
  captionsLanguage: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Enter a language code such as en, yo, ha or ig')
    .max(35),
};

const ZLessonBase = z.object({
  title: lessonFields.title,
  body: lessonFields.body.default(''),
  durationSeconds: lessonFields.durationSeconds.default(0),
  preview: lessonFields.preview.default(false),
  attachmentUploadIds: lessonFields.attachmentUploadIds.default([]),
});

export const ZLessonInput = z.discriminatedUnion('kind', [
  ZLessonBase.extend({
    kind: z.literal('video'),
    /** Either an uploaded video or an https URL of a video file (one of them before submitting). */
    videoUploadId: lessonFields.videoUploadId.default(null),
    videoUrl: lessonFields.videoUrl.default(null),
    captionsUploadId: lessonFields.captionsUploadId.default(null),
    captionsLabel: lessonFields.captionsLabel.default('English'),
    captionsLanguage: lessonFields.captionsLanguage.default('en'),
  }),
  ZLessonBase.extend({ kind: z.literal('text') }),
  // Graded lessons: the body is the quiz's introduction or the assignment's instructions; their
  // questions and due date are saved through their own routes (assessments.schemas.ts).
  ZLessonBase.extend({ kind: z.literal('quiz') }),
  ZLessonBase.extend({ kind: z.literal('assignment') }),
]);
export type TLessonInput = z.input<typeof ZLessonInput>;

/**
 * PATCH /api/courses/{id}/lessons/{lessonId}: only the keys sent change. `kind` may change
 * (a text lesson loses its video); `sectionId` moves the lesson to the end of another section
 * of the same course.
 */
export const ZLessonPatch = z
  .object({ ...lessonFields, kind: z.enum(LESSON_KINDS), sectionId: z.uuid('Choose a section') })
  .partial();
export type TLessonPatch = z.input<typeof ZLessonPatch>;

/** A lesson as the player gets it: only for the enrolled, the tutor and admins (or preview lessons). */
export const ZLessonContent = z.object({
  id: z.string(),
  sectionId: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  body: z.string(),
  durationSeconds: z.number().int(),
  preview: z.boolean(),
  videoUrl: z.string().nullable(),
  videoUploadId: z.string().nullable(),
  /** The uploaded video, when videoUploadId is set: play `videoUpload.url` (videoUrl is the external link). */
  videoUpload: ZUpload.nullable().optional(),
  attachments: z.array(ZUpload),
  captionsUploadId: z.string().nullable(),
  /** The captions file, when captionsUploadId is set: `<track src={captionsUpload.url}>`. */
  captionsUpload: ZUpload.nullable().optional(),
  captionsLabel: z.string(),
  captionsLanguage: z.string(),
});
export type TLessonContent = z.infer<typeof ZLessonContent>;

export const ZCourseContent = z.object({
  courseId: z.string(),
  sections: z.array(z.object({ id: z.string(), title: z.string(), lessons: z.array(ZLessonContent) })),
});
export type TCourseContent = z.infer<typeof ZCourseContent>;

export const ZProgress = z.object({
  courseId: z.string(),
  completedLessonIds: z.array(z.string()),
  lastLessonId: z.string().nullable(),
  /** Where the video of lastLessonId was left, to resume. */
  lastPositionSeconds: z.number().int(),
  percent: z.number().int(),
  completedAt: z.string().nullable(),
  certificateCode: z.string().nullable(),
  /** What the server measured of each video and text lesson the learner opened (decision 052). */
  lessonFacts: z.array(ZLessonFacts),
});
export type TProgress = z.infer<typeof ZProgress>;

export const ZPositionInput = z.object({
  lessonId: z.uuid(),
  positionSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
});

export const ZEnrolment = z.object({
  course: ZCourseSummary,
  enrolledAt: z.string(),
  progressPercent: z.number().int(),
  lastLessonId: z.string().nullable(),
  completedAt: z.string().nullable(),
  certificateCode: z.string().nullable(),
});
export type TEnrolment = z.infer<typeof ZEnrolment>;
/** GET /api/user/enrollments (the spec's cache key). */
export const ZEnrolmentList = z.object({ enrollments: z.array(ZEnrolment) });
export type TEnrolmentList = z.infer<typeof ZEnrolmentList>;

export const ZCourseReviewInput = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5' })
    .int()
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
  text: z.string().trim().max(2000, 'Review must be at most 2,000 characters').default(''),
});
export type TCourseReviewInput = z.input<typeof ZCourseReviewInput>;

export const ZCourseReview = z.object({
  id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  author: z.object({ id: z.string(), fullName: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCourseReview = z.infer<typeof ZCourseReview>;
export const ZCourseReviewList = z.object({
  reviews: z.array(ZCourseReview),
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
  /** The viewer's own review, to edit. */
  mine: ZCourseReview.nullable(),
});
export type TCourseReviewList = z.infer<typeof ZCourseReviewList>;
/** GET /api/courses/{id}/reviews?page=1: 20 a page, newest first; ratingCount is the total. */
export const ZCourseReviewsQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const COURSE_REVIEWS_PAGE_SIZE = 20;

/** GET /api/certificates/{code}: public, confirms a certificate to anyone holding its code. */
export const ZCertificate = z.object({
  code: z.string(),
  learnerName: z.string(),
  courseTitle: z.string(),
  courseId: z.string(),
  tutorName: z.string(),
  issuedAt: z.string(),
  pdfUrl: z.string(),
  /** The quizzes and assignments passed to earn it, as they stood at issue. */
  assessedWork: z.array(ZAssessedWork),
  /** Its Open Badges credential (`/credentials/{id}`), null when it was revoked or predates them. */
  credentialId: z.string().nullable(),
});
export type TCertificate = z.infer<typeof ZCertificate>;
