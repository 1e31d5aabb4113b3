import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminJobList, type TAdminJobList } from '#shared/jobs/job-moderation.schemas';
import { apiGet, apiPost, serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useConfirmed } from '../components/password-confirm';
import { adminKeys } from './admin-keys';

/** GET /api/admin/jobs?<search>: one page of every job, searched and filtered on the server. */
export async function getAdminJobs(search: string, signal?: AbortSignal): Promise<TAdminJobList> {
  return ZAdminJobList.parse(await apiGet<unknown>(`/api/admin/jobs${search ? `?${search}` : ''}`, signal));
}

export function useAdminJobs(search: string) {
  return useQuery({
    queryKey: adminKeys.jobs(search),
    queryFn: ({ signal }) => getAdminJobs(search, signal),
    placeholderData: keepPreviousData,
  });
}

type JobAction = { kind: 'take-down'; jobId: string; reason: string } | { kind: 'restore'; jobId: string };

/** POST /api/admin/jobs/:id/take-down (asks for the password when the server says so) and /restore. */
export function useJobModeration() {
  const client = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    retry: false,
    mutationFn: (action: JobAction) =>
      confirmed(() =>
        apiPost<unknown>(
          `/api/admin/jobs/${encodeURIComponent(action.jobId)}/${action.kind}`,
          action.kind === 'take-down' ? { reason: action.reason } : {},
        ),
      ),
    onSuccess: (_data, action) => {
      toast({ title: action.kind === 'take-down' ? 'Job taken down' : 'Job restored' });
      return Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.jobsAll }),
        client.invalidateQueries({ queryKey: adminKeys.auditAll }),
      ]);
    },
    onError: (error) => {
      if (error instanceof Error && error.name === 'ConfirmationCancelled') return;
      toast({ title: 'That did not work', description: serverMessage(error) ?? error.message, variant: 'destructive' });
    },
  });
}
