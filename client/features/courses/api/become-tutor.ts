import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUser, type TUser } from '../../../../shared/accounts/accounts.schemas';
import { apiPost } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { setSessionUser } from '../../accounts';
import { failureToast } from '../../../lib/failure-toast';

/** POST /api/user/become-tutor: answers the user, now with role tutor. */
export async function becomeTutor(): Promise<TUser> {
  return ZUser.parse(await apiPost<unknown>('/api/user/become-tutor'));
}

export function useBecomeTutor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: becomeTutor,
    onSuccess: (user) => {
      setSessionUser(client, user);
      toast({ title: 'You are now a tutor', description: 'Create your first course.' });
    },
    onError: (error) => toast(failureToast('Could not make you a tutor', error)),
  });
}
