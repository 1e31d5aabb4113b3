import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZCourseSuggestions } from '#shared/courses/courses.schemas';
import { apiGet } from '#client/lib/api-client';

/** GET /api/courses/suggest: titles for the search box's list as the member types (two characters or more). */
export function useCourseSuggestions(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['/api/courses', 'suggest', { q }],
    queryFn: async ({ signal }) =>
      ZCourseSuggestions.parse(await apiGet<unknown>(`/api/courses/suggest?q=${encodeURIComponent(q)}`, signal)),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
