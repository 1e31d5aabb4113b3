import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEnrolmentList, type TEnrolmentList } from '#shared/courses/lessons.schemas';
import { apiGet } from '#client/lib/api-client';
import { enrolmentsKey } from './query-keys';

/** GET /api/user/enrollments: the signed-in learner's courses with progress. */
export async function getEnrollments(signal?: AbortSignal): Promise<TEnrolmentList> {
  return ZEnrolmentList.parse(await apiGet<unknown>('/api/user/enrollments', signal));
}

export const enrollmentsQueryOptions = queryOptions({
  queryKey: enrolmentsKey,
  queryFn: ({ signal }) => getEnrollments(signal),
});

export function useEnrollments() {
  return useQuery(enrollmentsQueryOptions);
}
