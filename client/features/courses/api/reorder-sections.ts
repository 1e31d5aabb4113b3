import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { editContent, reorderMutationKey, reorderScope, settleReorder, withSectionOrder } from '../content-cache';
import { failureToast } from '#client/lib/failure-toast';

/** PUT /api/courses/{id}/sections/order {ids}: every section id, first to last. */
export async function reorderSections(courseId: string, ids: string[]): Promise<void> {
  await apiPut<unknown>(`/api/courses/${encodeId(courseId)}/sections/order`, { ids });
}

export function useReorderSections(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: reorderMutationKey(courseId),
    scope: reorderScope(courseId),
    mutationFn: (ids: string[]) => reorderSections(courseId, ids),
    onMutate: (ids) => editContent(client, courseId, (sections) => withSectionOrder(sections, ids)),
    onError: (error) => toast(failureToast('Could not save the new order', error)),
    onSettled: () => settleReorder(client, courseId),
  });
}
