import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUser, type TUser } from '#shared/accounts/accounts.schemas';
import { apiPost } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { setSessionUser, userQueryKey } from '#client/features/accounts';
import { failureToast } from '#client/lib/failure-toast';

/**
 * "Teach a course" from the catalogue: the same call as its card on /profile (POST
 * /api/user/roles with tutor), primary only for a member whose primary role is still `general`.
 * Called here rather than through the accounts feature's index, which the entry script loads:
 * its zod parse belongs in this lazy chunk.
 */
async function becomeTutor(current: TUser | null | undefined): Promise<TUser> {
  return ZUser.parse(
    await apiPost<unknown>('/api/user/roles', { role: 'tutor', primary: current?.role === 'general' }),
  );
}

export function useBecomeTutor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => becomeTutor(client.getQueryData<TUser | null>(userQueryKey)),
    onSuccess: (user) => {
      setSessionUser(client, user);
      toast({ title: 'You are now a tutor', description: 'Create your first course.' });
    },
    onError: (error) => toast(failureToast('Could not make you a tutor', error)),
  });
}
