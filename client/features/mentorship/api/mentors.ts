import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZMentorDetail, ZMentorList } from '#shared/mentorship/mentorship.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';
import { mentorKey, mentorsKey } from './query-keys';

import { mentorSearchParams, type MentorSearch } from './mentor-search';

/** GET /api/mentors?q=&skills=&minPrice=&maxPrice=&available=&minRating=&page=. */
export function useMentors(search: MentorSearch) {
  const params = mentorSearchParams(search);
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
    queryFn: async ({ signal }) =>
      ZMentorDetail.parse(await apiGet<unknown>(`/api/mentors/${encodeId(mentorId)}`, signal)),
  });
}
