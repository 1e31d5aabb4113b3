import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZJobDetail,
  ZJobList,
  ZJobMatch,
  type TJobDetail,
  type TJobList,
  type TJobMatch,
  type TJobsQuery,
} from '#shared/jobs/jobs.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';
import { jobKey, jobListKey, jobMatchKey } from './query-keys';

/** GET /api/jobs?q&location&workplace&type&experience&salaryMin&postedWithin&sort&page&pageSize: open jobs. */
export async function getJobs(query: TJobsQuery, signal?: AbortSignal): Promise<TJobList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return ZJobList.parse(await apiGet<unknown>(`/api/jobs?${params}`, signal));
}

export function useJobs(query: TJobsQuery) {
  return useQuery(
    queryOptions({
      queryKey: jobListKey(query),
      queryFn: ({ signal }) => getJobs(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/jobs/{id}: the job, its applicant count and what the viewer did with it. */
export async function getJob(id: string, signal?: AbortSignal): Promise<TJobDetail> {
  return ZJobDetail.parse(await apiGet<unknown>(`/api/jobs/${encodeId(id)}`, signal));
}

export function useJob(id: string) {
  return useQuery({ queryKey: jobKey(id), queryFn: ({ signal }) => getJob(id, signal) });
}

/** GET /api/jobs/{id}/match: how the signed-in member matches the job. */
export function useJobMatch(id: string, enabled: boolean) {
  return useQuery({
    queryKey: jobMatchKey(id),
    queryFn: async ({ signal }): Promise<TJobMatch> =>
      ZJobMatch.parse(await apiGet<unknown>(`/api/jobs/${encodeId(id)}/match`, signal)),
    enabled,
  });
}
