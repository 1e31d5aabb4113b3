import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZReview, ZReviewList, type TReviewInput, type TReviewReplyInput } from '#shared/mentorship/reviews.schemas';
import { apiDelete, apiGet, apiPost, apiPut, encodeId } from '#client/lib/api-client';
import { mentorsKey, reviewsKey } from './query-keys';

/** GET /api/mentorship/reviews?mentorId=&page=: newest first, with whether the viewer may review. */
export function useMentorReviews(mentorId: string, page: number) {
  return useQuery({
    queryKey: [...reviewsKey(mentorId), page],
    queryFn: async ({ signal }) =>
      ZReviewList.parse(
        await apiGet<unknown>(
          `/api/mentorship/reviews?${new URLSearchParams({ mentorId, page: String(page) })}`,
          signal,
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/mentorship/reviews: the list, and (under /api/mentors) the profile's and the directory's averages refresh. */
export function useReviewMentor(mentorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<TReviewInput, 'mentorId'>) =>
      ZReview.parse(await apiPost<unknown>('/api/mentorship/reviews', { ...input, mentorId })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: reviewsKey(mentorId) }),
        client.invalidateQueries({ queryKey: mentorsKey }),
      ]),
  });
}

/** PUT and DELETE /api/mentorship/reviews/{id}/reply: the mentor's one reply; the list refreshes. */
export function useReviewReply(mentorId: string, reviewId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: reviewsKey(mentorId) });
  const save = useMutation({
    mutationFn: async (input: TReviewReplyInput) =>
      ZReview.parse(await apiPut<unknown>(`/api/mentorship/reviews/${encodeId(reviewId)}/reply`, input)),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => apiDelete<unknown>(`/api/mentorship/reviews/${encodeId(reviewId)}/reply`),
    onSuccess: refresh,
  });
  return { save, remove };
}
