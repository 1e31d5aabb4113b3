import { useQuery } from '@tanstack/react-query';
import type { TPendingEmail } from '#shared/accounts/security.schemas';
import { apiGet } from '#client/lib/api-client';

export const pendingEmailKey = ['/api/user/email/pending'] as const;

/** GET /api/user/email/pending: the new address waiting for its link, if any. */
export function usePendingEmail() {
  return useQuery({
    queryKey: pendingEmailKey,
    queryFn: ({ signal }) => apiGet<TPendingEmail>('/api/user/email/pending', signal),
  });
}
