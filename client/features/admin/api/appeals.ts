import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAppeal, ZMyAppeal, type TAppealInput } from '#shared/admin/admin.schemas';
import { apiGet, apiPost } from '#client/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/appeals/mine: the member's appeal against the suspension in force, if any. */
export function useMyAppeal() {
  return useQuery({
    queryKey: [...adminKeys.appeal, 'mine'],
    queryFn: async ({ signal }) => ZMyAppeal.parse(await apiGet<unknown>('/api/appeals/mine', signal)),
  });
}

/** POST /api/appeals: the appeal lands in the admins' queue. */
export function useSendAppeal() {
  const client = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (body: TAppealInput) => ZAppeal.parse(await apiPost<unknown>('/api/appeals', body)),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.appeal }),
  });
}
