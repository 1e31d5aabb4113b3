import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiPost, isApiError, serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { clearSession } from '#client/features/accounts';

export async function logout(): Promise<void> {
  try {
    await apiPost<void>('/api/logout');
  } catch (err) {
    // A 401 means the session had already ended: the visitor is logged out either way.
    if (!isApiError(err, 401)) throw err;
  }
}

/** POST /api/logout, then nothing of the session stays in the cache (docs/spec.md §7). */
export function useLogout({ redirectTo = '/auth' }: { redirectTo?: string } = {}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearSession(client);
      toast({ title: 'Logged out successfully' });
      void navigate(redirectTo, { replace: true });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: serverMessage(error) ?? error.message, variant: 'destructive' });
    },
  });
}
