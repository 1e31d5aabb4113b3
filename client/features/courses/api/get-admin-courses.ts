import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { TCourseStatus } from '#shared/courses/courses.constants';
import { ZCourseSummary } from '#shared/courses/courses.schemas';
import { apiGet } from '#client/lib/api-client';
import { adminCoursesKey } from './query-keys';

/** The admin queue answers course cards; whatever else it carries (totals) is not needed here. */
const ZAdminCourseList = z.object({ courses: z.array(ZCourseSummary) });
export type TAdminCourseList = z.infer<typeof ZAdminCourseList>;

/** GET /api/admin/courses?status=in_review: the review queue, oldest submission first. */
export async function getAdminCourses(status: TCourseStatus, signal?: AbortSignal): Promise<TAdminCourseList> {
  return ZAdminCourseList.parse(await apiGet<unknown>(`/api/admin/courses?status=${status}`, signal));
}

export const adminCoursesQueryOptions = (status: TCourseStatus) =>
  queryOptions({ queryKey: adminCoursesKey(status), queryFn: ({ signal }) => getAdminCourses(status, signal) });

export function useAdminCourses(status: TCourseStatus = 'in_review') {
  return useQuery(adminCoursesQueryOptions(status));
}
