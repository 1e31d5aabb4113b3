import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { refreshCourse } from './query-keys';
import { failureToast } from '#client/lib/failure-toast';
import { isAgeGateError } from '#client/features/privacy';

/** POST /api/courses/{id}/submit: a draft (or a course sent back) goes to the admins' queue. */
export async function submitCourse(id: string): Promise<void> {
  await apiPost<unknown>(`/api/courses/${encodeId(id)}/submit`);
}

export function useSubmitCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitCourse,
    onSuccess: (_data, id) => {
      toast({
        title: 'Submitted for review',
        description: 'An admin will review your course. We will notify you of the decision.',
      });
      return refreshCourse(client, id);
    },
    // The age gate's refusals (a paid course is selling) are answered by its dialog instead.
    onError: (error) => {
      if (!isAgeGateError(error)) toast(failureToast('Could not submit the course', error));
    },
  });
}
