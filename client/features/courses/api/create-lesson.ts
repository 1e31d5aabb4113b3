import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLessonContent, type TLessonContent, type TLessonInput } from '#shared/courses/lessons.schemas';
import { apiPost, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { refreshCourse } from './query-keys';

/** POST /api/courses/{id}/sections/{sectionId}/lessons: a new lesson at the end of the section. */
export async function createLesson(courseId: string, sectionId: string, body: TLessonInput): Promise<TLessonContent> {
  return ZLessonContent.parse(
    await apiPost<unknown>(`/api/courses/${encodeId(courseId)}/sections/${encodeId(sectionId)}/lessons`, body),
  );
}

export function useCreateLesson(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sectionId, body }: { sectionId: string; body: TLessonInput }) =>
      createLesson(courseId, sectionId, body),
    retry: false,
    onSuccess: (lesson) => {
      toast({ title: 'Lesson added', description: lesson.title });
      return refreshCourse(client, courseId);
    },
  });
}
