import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCourseDetail, type TCourseDetail, type TCourseInput } from '#shared/courses/courses.schemas';
import { apiPost } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { courseKey, tutorCoursesKey } from './query-keys';

/** POST /api/courses (tutors and mentors): answers 201 with the new draft. */
export async function createCourse(body: TCourseInput): Promise<TCourseDetail> {
  return ZCourseDetail.parse(await apiPost<unknown>('/api/courses', body));
}

export function useCreateCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    // Not idempotent: a retry after a lost answer would make a second course.
    retry: false,
    onSuccess: (course) => {
      client.setQueryData(courseKey(course.id), course);
      toast({ title: 'Course created', description: 'Saved as a draft. Next, add sections and lessons.' });
      return client.invalidateQueries({ queryKey: tutorCoursesKey });
    },
  });
}
