import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCourseReviewInput } from '#shared/courses/lessons.schemas';
import { apiPut, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { courseKey } from './query-keys';

/** PUT /api/courses/{id}/review: creates the learner's review or replaces it. */
export async function saveReview(courseId: string, body: TCourseReviewInput): Promise<void> {
  await apiPut<unknown>(`/api/courses/${encodeId(courseId)}/review`, body);
}

export function useSaveReview(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCourseReviewInput) => saveReview(courseId, body),
    onSuccess: () => {
      toast({ title: 'Thank you for your review' });
      // The course's average and count change too, not only the list.
      return client.invalidateQueries({ queryKey: courseKey(courseId) });
    },
  });
}
