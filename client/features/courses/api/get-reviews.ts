import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCourseReviewList, type TCourseReviewList } from '#shared/courses/lessons.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';
import { courseReviewsKey } from './query-keys';

/** GET /api/courses/{id}/reviews: the newest reviews, the average, and the viewer's own. */
export async function getReviews(courseId: string, signal?: AbortSignal): Promise<TCourseReviewList> {
  return ZCourseReviewList.parse(await apiGet<unknown>(`/api/courses/${encodeId(courseId)}/reviews`, signal));
}

export const reviewsQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: courseReviewsKey(courseId), queryFn: ({ signal }) => getReviews(courseId, signal) });

export function useReviews(courseId: string) {
  return useQuery(reviewsQueryOptions(courseId));
}
