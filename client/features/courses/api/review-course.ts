import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewDecision } from '#shared/courses/courses.schemas';
import { apiPost, encodeId } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { adminCoursesPrefix, coursesKey } from './query-keys';

/** POST /api/admin/courses/{id}/review: approve publishes; reject sends it back with a reason. */
export async function reviewCourse(courseId: string, decision: TReviewDecision): Promise<void> {
  await apiPost<unknown>(`/api/admin/courses/${encodeId(courseId)}/review`, decision);
}

export function useReviewCourse(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: TReviewDecision) => reviewCourse(courseId, decision),
    onSuccess: (_data, decision) => {
      toast(
        decision.decision === 'approve'
          ? { title: 'Course approved', description: 'It is now published in the catalogue.' }
          : { title: 'Changes requested', description: 'The tutor has been told what to change.' },
      );
      // The course, the catalogue and the admin queue ('/api/admin/courses') all change.
      return Promise.all([
        client.invalidateQueries({ queryKey: coursesKey }),
        client.invalidateQueries({ queryKey: adminCoursesPrefix }),
      ]);
    },
  });
}
