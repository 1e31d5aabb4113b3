import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPlan, ZPlanList, type TPlanInput, type TPlanPatch } from '#shared/mentorship/mentorship.schemas';
import { apiDelete, apiGet, apiPatch, apiPost, encodeId } from '#client/lib/api-client';
import { mentorPlansKey, ownPlansKey } from './query-keys';

/** GET /api/mentor/plans: the signed-in mentor's plans, active or not. */
export function useOwnPlans(enabled = true) {
  return useQuery({
    queryKey: ownPlansKey,
    queryFn: async ({ signal }) => ZPlanList.parse(await apiGet<unknown>('/api/mentor/plans', signal)).plans,
    enabled,
  });
}

/** GET /api/mentors/{id}/plans: a mentor's active plans. */
export function useMentorPlans(mentorId: string) {
  return useQuery({
    queryKey: mentorPlansKey(mentorId),
    queryFn: async ({ signal }) =>
      ZPlanList.parse(await apiGet<unknown>(`/api/mentors/${encodeId(mentorId)}/plans`, signal)).plans,
  });
}

function useRefreshPlans() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ownPlansKey });
}

/** POST /api/mentor/plans. */
export function useCreatePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: async (input: TPlanInput) => ZPlan.parse(await apiPost<unknown>('/api/mentor/plans', input)),
    onSuccess: refresh,
  });
}

/** PATCH /api/mentor/plans/{id}. */
export function useUpdatePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: TPlanPatch }) =>
      ZPlan.parse(await apiPatch<unknown>(`/api/mentor/plans/${encodeId(id)}`, patch)),
    onSuccess: refresh,
  });
}

/** DELETE /api/mentor/plans/{id}. */
export function useDeletePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: (id: string) => apiDelete<unknown>(`/api/mentor/plans/${encodeId(id)}`),
    onSuccess: refresh,
  });
}
