import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessage } from '#shared/accounts/accounts.schemas';
import { apiPost } from '#client/lib/api-client';
import { pendingEmailKey } from './get-pending-email';
import { userQueryKey } from './get-user';

/** POST /api/user/email/confirm: the mailed link's token; works signed in or not. */
export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiPost<TMessage>('/api/user/email/confirm', { token }),
    // A signed-in browser shows the new address at once.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userQueryKey }),
        client.invalidateQueries({ queryKey: pendingEmailKey }),
      ]),
  });
}
