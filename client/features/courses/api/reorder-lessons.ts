import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { editContent, reorderMutationKey, reorderScope, settleReorder, withLessonOrder } from '../content-cache';
import { failureToast } from '#client/lib/failure-toast';

/** PUT /api/courses/{id}/sections/{sectionId}/lessons/order {ids}: every lesson id of the section. */
export async function reorderLessons(courseId: string, sectionId: string, ids: string[]): Promise<void> {
  await apiPut<unknown>(`/api/courses/${encodeId(courseId)}/sections/${encodeId(sectionId)}/lessons/order`, { ids });
}

export function useReorderLessons(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: reorderMutationKey(courseId),
    scope: reorderScope(courseId),
    mutationFn: ({ sectionId, ids }: { sectionId: string; ids: string[] }) => reorderLessons(courseId, sectionId, ids),
    onMutate: ({ sectionId, ids }) =>
      editContent(client, courseId, (sections) => withLessonOrder(sections, sectionId, ids)),
    onError: (error) => toast(failureToast('Could not save the new order', error)),
    onSettled: () => settleReorder(client, courseId),
  });
}
