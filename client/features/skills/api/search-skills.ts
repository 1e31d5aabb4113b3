import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZSkillList, type TSkillRef } from '#shared/skills/skills.schemas';
import { apiGet } from '#client/lib/api-client';

export const skillsSearchKey = (q: string) => ['/api/skills', q] as const;

/** GET /api/skills?q=: the typeahead's matches, best first (at most 20). */
export async function searchSkills(q: string, signal?: AbortSignal): Promise<TSkillRef[]> {
  return ZSkillList.parse(await apiGet<unknown>(`/api/skills?q=${encodeURIComponent(q)}`, signal)).skills;
}

/** Matches for what is typed; the last answer stays shown while the next one loads. */
export function useSkillSearch(q: string) {
  return useQuery({
    queryKey: skillsSearchKey(q),
    queryFn: ({ signal }) => searchSkills(q, signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
