import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangePassword } from '#shared/accounts/security.schemas';
import { apiPost } from '#client/lib/api-client';
import { sessionsKey } from './get-sessions';

/** POST /api/user/password: the other sessions end, so the list is refreshed. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePassword) => apiPost<void>('/api/user/password', body),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
