import type { ReturnState } from '#client/features/auth';

/** Signing in from a job's page comes back to it (auth's return state, as the route guard sets it). */
export const backToJob = (jobId: string): ReturnState => ({
  from: { pathname: `/jobs/${jobId}`, search: '', hash: '' },
});
