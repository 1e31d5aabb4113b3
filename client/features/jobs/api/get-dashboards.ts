import { useQuery } from '@tanstack/react-query';
import { ZEmployerApplications, ZEmployerJobList, ZSavedJobs, ZSeekerApplications } from '#shared/jobs/jobs.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';
import { employerJobsKey, jobApplicationsKey, myApplicationsKey, savedJobsKey } from './query-keys';

/** GET /api/user/applications: the seeker's applications with their timelines. */
export function useMyApplications() {
  return useQuery({
    queryKey: myApplicationsKey,
    queryFn: async ({ signal }) => ZSeekerApplications.parse(await apiGet<unknown>('/api/user/applications', signal)),
  });
}

/** GET /api/user/saved-jobs. */
export function useSavedJobs() {
  return useQuery({
    queryKey: savedJobsKey,
    queryFn: async ({ signal }) => ZSavedJobs.parse(await apiGet<unknown>('/api/user/saved-jobs', signal)),
  });
}

/** GET /api/employer/jobs: the employer's jobs with applicants per stage. */
export function useEmployerJobs() {
  return useQuery({
    queryKey: employerJobsKey,
    queryFn: async ({ signal }) => ZEmployerJobList.parse(await apiGet<unknown>('/api/employer/jobs', signal)),
  });
}

/** GET /api/jobs/{id}/applications: the job's applicants, for its employer. */
/** A job's applicants; with `provenIn`, only those proven in that skill, filtered by the server (issue 31). */
export function useJobApplications(jobId: string | null, provenIn = '') {
  const query = provenIn ? `?level=proven&skill=${encodeURIComponent(provenIn)}` : '';
  return useQuery({
    // Under the job's key, so that moving an applicant refreshes the filtered list too.
    queryKey: provenIn ? [...jobApplicationsKey(jobId ?? ''), provenIn] : jobApplicationsKey(jobId ?? ''),
    queryFn: async ({ signal }) =>
      ZEmployerApplications.parse(await apiGet<unknown>(`/api/jobs/${encodeId(jobId!)}/applications${query}`, signal)),
    enabled: Boolean(jobId),
  });
}
