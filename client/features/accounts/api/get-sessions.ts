import { useQuery } from '@tanstack/react-query';
import type { TSessionList } from '#shared/accounts/security.schemas';
import { apiGet } from '#client/lib/api-client';

export const sessionsKey = ['/api/user/sessions'] as const;

/** GET /api/user/sessions: this account's live sessions, this device first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiGet<TSessionList>('/api/user/sessions', signal),
  });
}
