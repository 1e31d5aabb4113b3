import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZTalentDetail, ZTalentList, type TTalentDetail, type TTalentList } from '#shared/talent/talent.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';
import { querySuffix } from './get-gigs';
import { talentKey, talentListKey } from './query-keys';

export interface TalentsQuery {
  q?: string;
  skills?: string;
  minRate?: number;
  maxRate?: number;
  availability?: string;
  location?: string;
  minRating?: number;
  /** With skills only: proven or expert on the passport (decision 079). */
  level?: string;
  sort?: string;
  page?: number;
}

/** GET /api/talent: the directory. */
export async function getTalents(query: TalentsQuery, signal?: AbortSignal): Promise<TTalentList> {
  return ZTalentList.parse(await apiGet<unknown>(`/api/talent${querySuffix({ ...query })}`, signal));
}
export function useTalents(query: TalentsQuery) {
  return useQuery({
    queryKey: talentListKey({ ...query }),
    queryFn: ({ signal }) => getTalents(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/talent/{id}: profile, reviews, open gigs. */
export async function getTalent(id: string, signal?: AbortSignal): Promise<TTalentDetail> {
  return ZTalentDetail.parse(await apiGet<unknown>(`/api/talent/${encodeId(id)}`, signal));
}
export function useTalent(id: string) {
  return useQuery({ queryKey: talentKey(id), queryFn: ({ signal }) => getTalent(id, signal), enabled: Boolean(id) });
}
