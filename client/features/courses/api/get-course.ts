import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCourseDetail, type TCourseDetail } from '#shared/courses/courses.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';
import { courseKey } from './query-keys';

/** GET /api/courses/{id}: the course, its syllabus, and what the viewer may do with it. */
export async function getCourse(id: string, signal?: AbortSignal): Promise<TCourseDetail> {
  return ZCourseDetail.parse(await apiGet<unknown>(`/api/courses/${encodeId(id)}`, signal));
}

export const courseQueryOptions = (id: string) =>
  queryOptions({ queryKey: courseKey(id), queryFn: ({ signal }) => getCourse(id, signal) });

export function useCourse(id: string, enabled = true) {
  return useQuery({ ...courseQueryOptions(id), enabled: enabled && Boolean(id) });
}
