import type { Db } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { COURSE_REVIEWS_PAGE_SIZE, type TCourseReview, type TCourseReviewList } from '#shared/courses/lessons.schemas';
import { presentPerson, type PersonRow, type PersonView, type Viewer } from '#server/features/accounts';
import { assertCan, visibleCourse } from '../course-access';
import { announceCourse } from '../course-events';
import { type CourseReviewRow, learningRepo } from './course-learning.repo';
import { rating } from '../courses.presenter';
import { coursesRepo } from '../catalogue/courses.repo';

function presentReview(r: { review: CourseReviewRow; author: Pick<PersonView, 'id' | 'fullName'> }): TCourseReview {
  return {
    id: r.review.id,
    rating: r.review.rating,
    text: r.review.text,
    author: { id: r.author.id, fullName: r.author.fullName },
    createdAt: r.review.createdAt.toISOString(),
    updatedAt: r.review.updatedAt.toISOString(),
  };
}

/** One review per enrolled learner and course, editable; the course's average follows in the same transaction. */
export function createCourseReviewsService(deps: { db: Db; realtime: RealtimeService; now: () => Date }) {
  const { db, realtime, now } = deps;
  // Reviewers are shown by the person rule (decision 013): a hidden one's review stays, unnamed.
  const shown = (viewer: Viewer) => (r: { review: CourseReviewRow; author: PersonRow }) =>
    presentReview({ review: r.review, author: presentPerson(r.author, viewer) });

  return {
    async list(user: TUser | null, courseId: string, page: number): Promise<TCourseReviewList> {
      const course = await visibleCourse(db, user, courseId);
      const rows = await learningRepo.reviewPage(
        db,
        courseId,
        COURSE_REVIEWS_PAGE_SIZE,
        (page - 1) * COURSE_REVIEWS_PAGE_SIZE,
        now(),
      );
      const mine = user ? await learningRepo.findReview(db, courseId, user.id, now()) : undefined;
      const { ratingAverage, ratingCount } = course.course;
      return {
        reviews: rows.map(shown(user)),
        ratingAverage: rating(ratingAverage),
        ratingCount,
        mine: mine ? shown(user)(mine) : null,
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
        return presentReview({ review, author: user });
      });
    },
  };
}

export type CourseReviewsService = ReturnType<typeof createCourseReviewsService>;
