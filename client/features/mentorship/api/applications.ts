import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAdminApplications,
  ZApplicationCreated,
  ZMentorApplication,
  ZMyApplications,
  type TApplicationDecision,
  type TApplicationStatus,
  type TMentorApplicationInput,
} from '#shared/mentorship/mentorship.schemas';
import { apiGet, apiPost, encodeId } from '#client/lib/api-client';
import { applicationQueueKey, myApplicationsKey } from './query-keys';

/** POST /api/mentorship/applications. */
export async function applyToMentor(input: TMentorApplicationInput) {
  return ZApplicationCreated.parse(await apiPost<unknown>('/api/mentorship/applications', input));
}

export function useApplyToMentor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyToMentor,
    onSuccess: () => client.invalidateQueries({ queryKey: myApplicationsKey }),
  });
}

/** GET /api/mentorship/applications: the member's own applications, newest first. */
export function useMyApplications(enabled = true) {
  return useQuery({
    queryKey: myApplicationsKey,
    queryFn: async ({ signal }) =>
      ZMyApplications.parse(await apiGet<unknown>('/api/mentorship/applications', signal)).applications,
    enabled,
  });
}

/** GET /api/admin/mentor-applications?status=: the admins' queue. */
export function useApplicationQueue(status: TApplicationStatus = 'pending') {
  return useQuery({
    queryKey: [...applicationQueueKey, status],
    queryFn: async ({ signal }) =>
      ZAdminApplications.parse(await apiGet<unknown>(`/api/admin/mentor-applications?status=${status}`, signal))
        .applications,
  });
}

/** POST /api/admin/mentor-applications/{id}/decision. */
export function useDecideApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: TApplicationDecision & { id: string }) =>
      ZMentorApplication.parse(
        await apiPost<unknown>(`/api/admin/mentor-applications/${encodeId(id)}/decision`, input),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationQueueKey }),
  });
}
