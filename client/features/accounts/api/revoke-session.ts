import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { sessionsKey } from './get-sessions';

/** DELETE /api/user/sessions/{id}: logs that device out at once. */
export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/api/user/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => toast({ title: 'Session logged out' }),
    onError: (error) => toast(failureToast('Failed to log out the session', error)),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
