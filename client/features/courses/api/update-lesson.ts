import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLessonPatch } from '#shared/courses/lessons.schemas';
import { apiPatch, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { refreshCourse } from './query-keys';

/** PATCH /api/courses/{id}/lessons/{lessonId}: only the keys sent change. */
export async function updateLesson(courseId: string, lessonId: string, body: TLessonPatch): Promise<void> {
  await apiPatch<unknown>(`/api/courses/${encodeId(courseId)}/lessons/${encodeId(lessonId)}`, body);
}

export function useUpdateLesson(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, body }: { lessonId: string; body: TLessonPatch }) =>
      updateLesson(courseId, lessonId, body),
    onSuccess: () => {
      toast({ title: 'Lesson saved' });
      return refreshCourse(client, courseId);
    },
  });
}
