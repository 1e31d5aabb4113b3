import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCourseContent, type TCourseContent } from '#shared/courses/lessons.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';
import { courseContentKey } from './query-keys';

/** GET /api/courses/{id}/content: every lesson in full, for the enrolled, the tutor and admins. */
export async function getCourseContent(id: string, signal?: AbortSignal): Promise<TCourseContent> {
  return ZCourseContent.parse(await apiGet<unknown>(`/api/courses/${encodeId(id)}/content`, signal));
}

export const courseContentQueryOptions = (id: string) =>
  queryOptions({ queryKey: courseContentKey(id), queryFn: ({ signal }) => getCourseContent(id, signal) });

export function useCourseContent(id: string, enabled = true) {
  return useQuery({ ...courseContentQueryOptions(id), enabled: enabled && Boolean(id) });
}
