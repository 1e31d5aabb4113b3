import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { refreshCourse } from './query-keys';
import { failureToast } from '#client/lib/failure-toast';

/** DELETE /api/courses/{id}/sections/{sectionId}: the section and its lessons. */
export async function deleteSection(courseId: string, sectionId: string): Promise<void> {
  await apiDelete<unknown>(`/api/courses/${encodeId(courseId)}/sections/${encodeId(sectionId)}`);
}

export function useDeleteSection(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sectionId: string) => deleteSection(courseId, sectionId),
    onSuccess: () => {
      toast({ title: 'Section deleted' });
      return refreshCourse(client, courseId);
    },
    onError: (error) => toast(failureToast('Could not delete the section', error)),
  });
}
