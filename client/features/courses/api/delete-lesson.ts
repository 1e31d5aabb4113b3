import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { refreshCourse } from './query-keys';
import { failureToast } from '#client/lib/failure-toast';

/** DELETE /api/courses/{id}/lessons/{lessonId} */
export async function deleteLesson(courseId: string, lessonId: string): Promise<void> {
  await apiDelete<unknown>(`/api/courses/${encodeId(courseId)}/lessons/${encodeId(lessonId)}`);
}

export function useDeleteLesson(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) => deleteLesson(courseId, lessonId),
    onSuccess: () => {
      toast({ title: 'Lesson deleted' });
      return refreshCourse(client, courseId);
    },
    onError: (error) => toast(failureToast('Could not delete the lesson', error)),
  });
}
