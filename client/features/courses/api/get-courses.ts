import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZCourseList, type TCourseList, type TCoursesQuery } from '#shared/courses/courses.schemas';
import { apiGet } from '#client/lib/api-client';
import { courseListKey } from './query-keys';

/** GET /api/courses?q&category&level&language&price&sort&page&pageSize: published courses. */
export async function getCourses(query: TCoursesQuery, signal?: AbortSignal): Promise<TCourseList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return ZCourseList.parse(await apiGet<unknown>(`/api/courses?${params}`, signal));
}

export const coursesQueryOptions = (query: TCoursesQuery) =>
  queryOptions({
    queryKey: courseListKey(query),
    queryFn: ({ signal }) => getCourses(query, signal),
    // The last page stays on screen (dimmed) while the next search or page loads.
    placeholderData: keepPreviousData,
  });

export function useCourses(query: TCoursesQuery) {
  return useQuery(coursesQueryOptions(query));
}
