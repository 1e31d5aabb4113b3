import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { courseKey, enrolmentsKey } from './query-keys';
import { failureToast } from '#client/lib/failure-toast';

/** POST /api/courses/{id}/enroll: free courses only (paid ones go through payments). */
export async function enroll(courseId: string): Promise<void> {
  await apiPost<unknown>(`/api/courses/${encodeId(courseId)}/enroll`);
}

export function useEnroll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enroll,
    onSuccess: (_data, courseId) => {
      toast({ title: 'You are enrolled', description: 'Enjoy the course!' });
      return Promise.all([
        client.invalidateQueries({ queryKey: courseKey(courseId) }),
        client.invalidateQueries({ queryKey: enrolmentsKey }),
      ]);
    },
    onError: (error) => toast(failureToast('Could not enrol you', error)),
  });
}
