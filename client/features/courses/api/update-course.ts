import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCourseDetail, type TCourseDetail, type TCoursePatch } from '#shared/courses/courses.schemas';
import { apiPatch, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { courseKey, refreshCourse } from './query-keys';

/** PATCH /api/courses/{id}: only the keys sent change. */
export async function updateCourse(id: string, body: TCoursePatch): Promise<TCourseDetail> {
  return ZCourseDetail.parse(await apiPatch<unknown>(`/api/courses/${encodeId(id)}`, body));
}

export function useUpdateCourse(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCoursePatch) => updateCourse(id, body),
    onSuccess: (course) => {
      client.setQueryData(courseKey(id), course);
      toast({ title: 'Course details saved' });
      return refreshCourse(client, id);
    },
  });
}
