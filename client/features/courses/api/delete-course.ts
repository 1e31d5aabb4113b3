import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { coursesKey, tutorCoursesKey } from './query-keys';
import { failureToast } from '#client/lib/failure-toast';

/**
 * DELETE /api/courses/{id}: a course nobody joined is deleted; one with learners is archived
 * (they keep it), which the server decides.
 */
export async function deleteCourse(id: string): Promise<void> {
  await apiDelete<unknown>(`/api/courses/${encodeId(id)}`);
}

export function useDeleteCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; archive: boolean }) => deleteCourse(id),
    onSuccess: (_data, { archive }) => {
      toast({ title: archive ? 'Course archived' : 'Course deleted' });
      return Promise.all([
        client.invalidateQueries({ queryKey: tutorCoursesKey }),
        client.invalidateQueries({ queryKey: coursesKey }),
      ]);
    },
    onError: (error) => toast(failureToast('Could not delete the course', error)),
  });
}
