import type { TJobsQuery } from '#shared/jobs/jobs.schemas';

/**
 * Keys are the request paths split at their ids (shared/realtime/events.ts): `job:updated`'s
 * ['/api/jobs', id] refreshes a job's page, its match and its applicants by prefix.
 */
export const jobsKey = ['/api/jobs'] as const;
export const jobListKey = (query: TJobsQuery) => [...jobsKey, query] as const;
export const jobKey = (id: string) => ['/api/jobs', id] as const;
export const jobMatchKey = (id: string) => ['/api/jobs', id, 'match'] as const;
export const jobApplicationsKey = (id: string) => ['/api/jobs', id, 'applications'] as const;
export const myApplicationsKey = ['/api/user/applications'] as const;
export const savedJobsKey = ['/api/user/saved-jobs'] as const;
export const employerJobsKey = ['/api/employer/jobs'] as const;
export const savedSearchesKey = ['/api/user/saved-searches'] as const;
