import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZProgress, type TProgress } from '#shared/courses/lessons.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';
import { courseProgressKey } from './query-keys';

/** GET /api/courses/{id}/progress: completed lessons, where to resume, the certificate. */
export async function getProgress(courseId: string, signal?: AbortSignal): Promise<TProgress> {
  return ZProgress.parse(await apiGet<unknown>(`/api/courses/${encodeId(courseId)}/progress`, signal));
}

export const progressQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseProgressKey(courseId),
    queryFn: ({ signal }) => getProgress(courseId, signal),
    // Saved positions move on the server all the time; refetching on focus would jump the video.
    refetchOnWindowFocus: false,
  });

export function useProgress(courseId: string, enabled = true) {
  return useQuery({ ...progressQueryOptions(courseId), enabled });
}
