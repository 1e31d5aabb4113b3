import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { sessionsKey } from './get-sessions';

/** POST /api/user/sessions/revoke-others: every session but this one ends. */
export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ revoked: number }>('/api/user/sessions/revoke-others'),
    onSuccess: ({ revoked }) =>
      toast({ title: revoked === 1 ? '1 other session logged out' : `${revoked} other sessions logged out` }),
    onError: (error) => toast(failureToast('Failed to log out the other sessions', error)),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
