import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicationInput, TJobDetail, TJobInput, TJobPatch } from '#shared/jobs/jobs.schemas';
import { apiDelete, apiPatch, apiPost, apiPut, encodeId } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { employerJobsKey, jobKey, jobsKey, myApplicationsKey, savedJobsKey } from './query-keys';

/** POST /api/jobs and PATCH /api/jobs/{id}: the employer's form; field errors go back to it. */
export function useSaveJob(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TJobInput | TJobPatch) =>
      id ? apiPatch<TJobDetail>(`/api/jobs/${encodeId(id)}`, input) : apiPost<TJobDetail>('/api/jobs', input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: jobsKey }),
        client.invalidateQueries({ queryKey: employerJobsKey }),
      ]),
  });
}

/** POST /api/jobs/{id}/close. */
export function useCloseJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<TJobDetail>(`/api/jobs/${encodeId(id)}/close`),
    onSuccess: () => {
      toast({ title: 'Job closed', description: 'It no longer takes applications.' });
      return Promise.all([
        client.invalidateQueries({ queryKey: jobsKey }),
        client.invalidateQueries({ queryKey: employerJobsKey }),
      ]);
    },
    onError: (error) => toast(failureToast('Could not close the job', error)),
  });
}

/** PUT / DELETE /api/jobs/{id}/save. */
export function useSaveForLater(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (saved: boolean) =>
      saved ? apiPut<void>(`/api/jobs/${encodeId(id)}/save`) : apiDelete<void>(`/api/jobs/${encodeId(id)}/save`),
    onSuccess: (_d, saved) => {
      toast({ title: saved ? 'Job saved' : 'Removed from saved jobs' });
      return Promise.all([
        client.invalidateQueries({ queryKey: jobKey(id) }),
        client.invalidateQueries({ queryKey: savedJobsKey }),
      ]);
    },
    onError: (error) => toast(failureToast('Could not save the job', error)),
  });
}

/** POST /api/jobs/{id}/applications. */
export function useApply(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TApplicationInput) => apiPost<unknown>(`/api/jobs/${encodeId(id)}/applications`, input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: jobKey(id) }),
        client.invalidateQueries({ queryKey: myApplicationsKey }),
      ]),
  });
}

/** POST /api/applications/{id}/withdraw. */
export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) => apiPost<unknown>(`/api/applications/${encodeId(applicationId)}/withdraw`),
    onSuccess: () => {
      toast({ title: 'Application withdrawn' });
      return client.invalidateQueries({ queryKey: myApplicationsKey });
    },
    onError: (error) => toast(failureToast('Could not withdraw the application', error)),
  });
}

/** PATCH /api/applications/{id}: the employer moves an applicant to a stage. */
export function useMoveApplication(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { applicationId: string; status: string; note?: string }) =>
      apiPatch<unknown>(`/api/applications/${encodeId(input.applicationId)}`, {
        status: input.status,
        note: input.note,
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: jobKey(jobId) }),
        client.invalidateQueries({ queryKey: employerJobsKey }),
      ]),
    onError: (error) => toast(failureToast('Could not move the applicant', error)),
  });
}

/** POST /api/jobs/{id}/applications/reject: several applicants, one message. */
export function useRejectMany(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { applicationIds: string[]; message?: string }) =>
      apiPost<{ rejected: number }>(`/api/jobs/${encodeId(jobId)}/applications/reject`, input),
    onSuccess: (data) => {
      toast({
        title: `${data.rejected} applicant${data.rejected === 1 ? '' : 's'} rejected`,
        description: 'Each was told kindly, with your message.',
      });
      return Promise.all([
        client.invalidateQueries({ queryKey: jobKey(jobId) }),
        client.invalidateQueries({ queryKey: employerJobsKey }),
      ]);
    },
    onError: (error) => toast(failureToast('Could not reject the applicants', error)),
  });
}
