import type { TCourseDetail, TCourseSummary, TPersonRef, TSyllabusSection } from '#shared/courses/courses.schemas';
import type { TCourseContent, TLessonContent } from '#shared/courses/lessons.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { presentPerson, type PersonRow, type Viewer } from '../accounts';
import { srcsetOf } from '../uploads';
import type { CourseRow, LessonRow, SectionRow } from './catalogue/courses.repo';

/** A course row with its tutor, as the repositories answer it: the tutor not yet shown to anyone. */
export interface CourseWithTutor {
  course: CourseRow;
  tutor: PersonRow;
}

/** A course with its tutor as one viewer may see them (decision 013). */
export interface ShownCourse {
  course: CourseRow;
  tutor: TPersonRef;
}

export const showTutor = ({ course, tutor }: CourseWithTutor, viewer: Viewer): ShownCourse => ({
  course,
  tutor: presentPerson(tutor, viewer),
});

export interface SectionWithLessons {
  section: SectionRow;
  lessons: LessonRow[];
}

export const percentOf = (done: number, total: number) =>
  total > 0 ? Math.min(100, Math.round((done * 100) / total)) : 0;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Two decimals are all a star rating shows. */
export const rating = (avg: number | null) => (avg === null ? null : Math.round(avg * 100) / 100);

export function presentSummary({ course: c, tutor }: ShownCourse): TCourseSummary {
  return {
    id: c.id,
    title: c.title,
    summary: c.summary,
    category: c.category,
    level: c.level,
    language: c.language,
    priceMinor: c.priceMinor,
    currency: c.currency,
    thumbnailUrl: c.thumbnailUrl,
    thumbnailSrcset: srcsetOf(c.thumbnailUrl),
    status: c.status,
    tutor,
    ratingAverage: rating(c.ratingAverage),
    ratingCount: c.ratingCount,
    enrolmentCount: c.enrolmentCount,
    lessonCount: c.lessonCount,
    durationSeconds: c.durationSeconds,
    publishedAt: iso(c.publishedAt),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function presentTutorSummary(row: ShownCourse) {
  return { ...presentSummary(row), rejectionReason: row.course.rejectionReason };
}

export function presentSyllabus(sections: SectionWithLessons[]): TSyllabusSection[] {
  return sections.map(({ section, lessons }) => ({
    id: section.id,
    title: section.title,
    lessons: lessons.map((l) => ({
      id: l.id,
      title: l.title,
      kind: l.kind,
      durationSeconds: l.durationSeconds,
      preview: l.preview,
    })),
  }));
}

export function presentDetail(
  row: ShownCourse,
  sections: SectionWithLessons[],
  viewer: TCourseDetail['viewer'],
  showReviewNotes: boolean,
): Omit<TCourseDetail, 'skills'> {
  return {
    ...presentSummary(row),
    description: row.course.description,
    thumbnailUploadId: row.course.thumbnailUploadId,
    sections: presentSyllabus(sections),
    rejectionReason: showReviewNotes ? row.course.rejectionReason : null,
    viewer,
  };
}

export function presentLesson(l: LessonRow, uploads: Map<string, TUpload>): TLessonContent {
  return {
    id: l.id,
    sectionId: l.sectionId,
    title: l.title,
    kind: l.kind,
    body: l.body,
    durationSeconds: l.durationSeconds,
    preview: l.preview,
    videoUrl: l.videoUrl,
    videoUploadId: l.videoUploadId,
    videoUpload: l.videoUploadId ? (uploads.get(l.videoUploadId) ?? null) : null,
    attachments: l.attachmentUploadIds.flatMap((id) => uploads.get(id) ?? []),
    captionsUploadId: l.captionsUploadId,
    captionsUpload: l.captionsUploadId ? (uploads.get(l.captionsUploadId) ?? null) : null,
    captionsLabel: l.captionsLabel,
    captionsLanguage: l.captionsLanguage,
  };
}

export function presentContent(
  courseId: string,
  sections: SectionWithLessons[],
  uploads: Map<string, TUpload>,
): TCourseContent {
  return {
    courseId,
    sections: sections.map(({ section, lessons }) => ({
      id: section.id,
      title: section.title,
      lessons: lessons.map((l) => presentLesson(l, uploads)),
    })),
  };
}

/** Every upload id a set of lessons refers to, to fetch them in one read. */
export function lessonUploadIds(lessons: LessonRow[]): string[] {
  return lessons.flatMap((l) => [
    ...(l.videoUploadId ? [l.videoUploadId] : []),
    ...(l.captionsUploadId ? [l.captionsUploadId] : []),
    ...l.attachmentUploadIds,
  ]);
}
