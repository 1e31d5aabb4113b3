import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminReview, ZAdminReviewList } from '#shared/mentorship/reviews.schemas';
import { apiGet, apiPost, encodeId } from '#client/lib/api-client';

export const adminReviewsKey = (userId: string) => ['/api/admin/mentor-reviews', userId] as const;

/** GET /api/admin/mentor-reviews?userId=: what the member wrote and received, hidden ones too. */
export function useAdminMemberReviews(userId: string) {
  return useQuery({
    queryKey: adminReviewsKey(userId),
    queryFn: async ({ signal }) =>
      ZAdminReviewList.parse(
        await apiGet<unknown>(`/api/admin/mentor-reviews?${new URLSearchParams({ userId })}`, signal),
      ),
  });
}

/** POST /api/admin/mentor-reviews/{id}/hide or /unhide; a reason hides. */
export function useSetReviewHidden(userId: string) {
  const client = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async ({ reviewId, reason }: { reviewId: string; reason: string | null }) =>
      ZAdminReview.parse(
        await apiPost<unknown>(
          `/api/admin/mentor-reviews/${encodeId(reviewId)}/${reason === null ? 'unhide' : 'hide'}`,
          reason === null ? {} : { reason },
        ),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: adminReviewsKey(userId) }),
  });
}
