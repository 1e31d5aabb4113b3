import type { Db } from '#server/db/client';
import { COURSE_CATEGORY_LABELS, COURSE_LEVEL_LABELS } from '#shared/courses/courses.constants';
import { formatMoney } from '#shared/money';
import type { LinkPreviewSource } from '../../share';
import { coursesRepo } from './courses.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /courses/course-detail/{id}'s preview (issue 26): a published course's title, summary, level
 * and price from its one row. Drafts, courses in review, rejected or archived ones stay unnamed.
 */
export function courseLinkPreview(db: Db): LinkPreviewSource {
  return {
    path: /^\/courses\/course-detail\/([^/]+)$/,
    async find(id) {
      if (!UUID.test(id)) return null;
      const course = await coursesRepo.find(db, id);
      if (!course || course.status !== 'published') return null;
      const facts = [
        COURSE_CATEGORY_LABELS[course.category],
        COURSE_LEVEL_LABELS[course.level],
        course.lessonCount ? `${course.lessonCount} lesson${course.lessonCount === 1 ? '' : 's'}` : null,
        formatMoney(course.priceMinor, course.currency),
      ].filter(Boolean);
      return {
        title: course.title,
        description: `${course.summary} · ${facts.join(' · ')}`,
        image: course.thumbnailUrl,
        type: 'article',
      };
    },
  };
}
