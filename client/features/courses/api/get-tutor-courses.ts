import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTutorCourseList, type TTutorCourseList } from '#shared/courses/courses.schemas';
import { apiGet } from '#client/lib/api-client';
import { tutorCoursesKey } from './query-keys';

/** GET /api/tutor/courses: every course of the signed-in tutor, whatever its status. */
export async function getTutorCourses(signal?: AbortSignal): Promise<TTutorCourseList> {
  return ZTutorCourseList.parse(await apiGet<unknown>('/api/tutor/courses', signal));
}

export const tutorCoursesQueryOptions = queryOptions({
  queryKey: tutorCoursesKey,
  queryFn: ({ signal }) => getTutorCourses(signal),
});

export function useTutorCourses(enabled = true) {
  return useQuery({ ...tutorCoursesQueryOptions, enabled });
}
