import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangeEmail, TPendingEmail } from '#shared/accounts/security.schemas';
import { apiPost } from '#client/lib/api-client';
import { pendingEmailKey } from './get-pending-email';

/** POST /api/user/email: answers the pending change, shown at once. */
export function useRequestEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangeEmail) => apiPost<TPendingEmail>('/api/user/email', body),
    onSuccess: (pending) => client.setQueryData(pendingEmailKey, pending),
  });
}
