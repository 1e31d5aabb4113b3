import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAccountDeletion, type TDeleteAccountInput } from '#shared/privacy/privacy.schemas';
import { apiGet, apiPost } from '#client/lib/api-client';

const deletionKey = ['/api/user/deletion'] as const;

/** GET /api/user/deletion: the date the account will be erased, if a deletion is scheduled. */
export function useDeletion() {
  return useQuery({
    queryKey: deletionKey,
    queryFn: async ({ signal }) => ZAccountDeletion.parse(await apiGet<unknown>('/api/user/deletion', signal)),
  });
}

function useDeletionMutation<I>(send: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => ZAccountDeletion.parse(await send(input)),
    onSuccess: (state) => client.setQueryData(deletionKey, state),
  });
}

/** POST /api/user/delete → 202 with the date, seven days on. */
export const useRequestDeletion = () =>
  useDeletionMutation(async (input: TDeleteAccountInput) => {
    const answer = await apiPost<unknown>('/api/user/delete', input);
    // client/lib/offline.ts's FORGET_EVENT: a member leaving takes their offline copy and queued writes with them (decision 074).
    window.dispatchEvent(new CustomEvent('blet:forget-member'));
    return answer;
  });
export const useCancelDeletion = () => useDeletionMutation<void>(() => apiPost<unknown>('/api/user/deletion/cancel'));
