import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZReview, ZReviewList, type TReviewInput } from '../../../../shared/mentorship/reviews.schemas';
import { apiGet, apiPost } from '../../../lib/api-client';
import { mentorsKey, reviewsKey } from './query-keys';

/** GET /api/mentorship/reviews?mentorId=&page=: newest first, with whether the viewer may review. */
export function useMentorReviews(mentorId: string, page: number) {
  return useQuery({
    queryKey: [...reviewsKey(mentorId), page],
    queryFn: async ({ signal }) =>
      ZReviewList.parse(await apiGet<unknown>(`/api/mentorship/reviews?${new URLSearchParams({ mentorId, page: String(page) })}`, signal)),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/mentorship/reviews: the list, and (under /api/mentors) the profile's and the directory's averages refresh. */
export function useReviewMentor(mentorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<TReviewInput, 'mentorId'>) => ZReview.parse(await apiPost<unknown>('/api/mentorship/reviews', { ...input, mentorId })),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: reviewsKey(mentorId) }), client.invalidateQueries({ queryKey: mentorsKey })]),
  });
}
