import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZMentorDetail, ZMentorList } from '../../../../shared/mentorship/mentorship.schemas';
import { apiGet, encodeId } from '../../../lib/api-client';
import { mentorKey, mentorsKey } from './query-keys';

export interface MentorSearch {
  q: string;
  skills: string;
  page: number;
}

/** GET /api/mentors?q=&skills=&page=. */
export function useMentors(search: MentorSearch) {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.skills) params.set('skills', search.skills);
  params.set('page', String(search.page));
  return useQuery({
    queryKey: [...mentorsKey, search],
    queryFn: async ({ signal }) => ZMentorList.parse(await apiGet<unknown>(`/api/mentors?${params}`, signal)),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/mentors/{id}. */
export function useMentor(mentorId: string) {
  return useQuery({
    queryKey: mentorKey(mentorId),
    queryFn: async ({ signal }) => ZMentorDetail.parse(await apiGet<unknown>(`/api/mentors/${encodeId(mentorId)}`, signal)),
  });
}
