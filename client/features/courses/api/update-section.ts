import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSectionInput } from '#shared/courses/lessons.schemas';
import { apiPatch, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { refreshCourse } from './query-keys';

/** PATCH /api/courses/{id}/sections/{sectionId}: renames it. */
export async function updateSection(courseId: string, sectionId: string, body: TSectionInput): Promise<void> {
  await apiPatch<unknown>(`/api/courses/${encodeId(courseId)}/sections/${encodeId(sectionId)}`, body);
}

export function useUpdateSection(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sectionId, ...body }: TSectionInput & { sectionId: string }) =>
      updateSection(courseId, sectionId, body),
    onSuccess: () => {
      toast({ title: 'Section renamed' });
      return refreshCourse(client, courseId);
    },
  });
}
