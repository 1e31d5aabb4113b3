import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSectionInput } from '#shared/courses/lessons.schemas';
import { apiPost, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { refreshCourse } from './query-keys';

/** POST /api/courses/{id}/sections: a new section at the end. */
export async function createSection(courseId: string, body: TSectionInput): Promise<void> {
  await apiPost<unknown>(`/api/courses/${encodeId(courseId)}/sections`, body);
}

export function useCreateSection(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSectionInput) => createSection(courseId, body),
    retry: false,
    onSuccess: (_data, body) => {
      toast({ title: 'Section added', description: body.title });
      return refreshCourse(client, courseId);
    },
  });
}
