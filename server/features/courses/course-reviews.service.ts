import type { Db } from '../../db/client';
import { transaction } from '../../db/transaction';
import type { RealtimeService } from '../../realtime/realtime.service';
import type { TUser } from '../../../shared/accounts/accounts.schemas';
import {
  COURSE_REVIEWS_PAGE_SIZE,
  type TCourseReview,
  type TCourseReviewList,
} from '../../../shared/courses/lessons.schemas';
import { assertCan, visibleCourse } from './course-access';
import { announceCourse } from './course-events';
import { learningRepo } from './course-learning.repo';
import type { CourseReviewRow } from './course-learning.table';
import { rating } from './courses.presenter';
import { coursesRepo } from './courses.repo';

function presentReview(r: { review: CourseReviewRow; authorName: string }): TCourseReview {
  return {
    id: r.review.id,
    rating: r.review.rating,
    text: r.review.text,
    author: { id: r.review.userId, fullName: r.authorName },
    createdAt: r.review.createdAt.toISOString(),
    updatedAt: r.review.updatedAt.toISOString(),
  };
}

/** One review per enrolled learner and course, editable; the course's average follows in the same transaction. */
export function createCourseReviewsService(deps: { db: Db; realtime: RealtimeService }) {
  const { db, realtime } = deps;

  return {
    async list(user: TUser | null, courseId: string, page: number): Promise<TCourseReviewList> {
      const course = await visibleCourse(db, user, courseId);
      const rows = await learningRepo.reviewPage(db, courseId, COURSE_REVIEWS_PAGE_SIZE, (page - 1) * COURSE_REVIEWS_PAGE_SIZE);
      const mine = user ? await learningRepo.findReview(db, courseId, user.id) : undefined;
      const { ratingAverage, ratingCount } = course.course;
      return {
        reviews: rows.map(presentReview),
        ratingAverage: rating(ratingAverage),
        ratingCount,
        mine: mine ? presentReview(mine) : null,
      };
    },

    async upsert(user: TUser, courseId: string, input: { rating: number; text: string }): Promise<TCourseReview> {
      return transaction(db, async (tx) => {
        const course = await visibleCourse(tx, user, courseId);
        assertCan(user, 'rate', course);
        // Lock first: the recount below then sees every review committed before it.
        await coursesRepo.lock(tx, courseId);
        const review = await learningRepo.upsertReview(tx, { courseId, userId: user.id, ...input });
        const row = await coursesRepo.recountRatings(tx, courseId);
        announceCourse(realtime, tx, 'course:updated', row);
        return presentReview({ review, authorName: user.fullName });
      });
    },
  };
}

export type CourseReviewsService = ReturnType<typeof createCourseReviewsService>;
