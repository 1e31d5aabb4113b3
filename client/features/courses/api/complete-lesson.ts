import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZProgress, type TProgress } from '#shared/courses/lessons.schemas';
import { apiPost, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { courseKey, courseProgressKey, enrolmentsKey } from './query-keys';
import { failureToast } from '#client/lib/failure-toast';

/** POST /api/courses/{id}/lessons/{lessonId}/complete: answers the new progress. */
export async function completeLesson(courseId: string, lessonId: string): Promise<TProgress> {
  return ZProgress.parse(
    await apiPost<unknown>(`/api/courses/${encodeId(courseId)}/lessons/${encodeId(lessonId)}/complete`),
  );
}

export function useCompleteLesson(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) => completeLesson(courseId, lessonId),
    onSuccess: (progress) => {
      client.setQueryData(courseProgressKey(courseId), progress);
      // Only the progress query refetches nothing; the course's viewer and the learner's list change too.
      void client.invalidateQueries({ queryKey: courseKey(courseId), exact: true });
      void client.invalidateQueries({ queryKey: enrolmentsKey });
    },
    onError: (error) => toast(failureToast('Could not mark the lesson complete', error)),
  });
}
