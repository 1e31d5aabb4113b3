import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUser, type TUser } from '#shared/accounts/accounts.schemas';
import { ROLE_LABELS, type TRole } from '#shared/roles';
import { apiPut } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { setSessionUser } from './get-user';

/** PUT /api/user/primary-role: the user with `role` primary (it must be held). */
export async function setPrimaryRole(role: TRole): Promise<TUser> {
  return ZUser.parse(await apiPut<unknown>('/api/user/primary-role', { role }));
}

export function useSetPrimaryRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryRole,
    onSuccess: (user) => {
      setSessionUser(client, user);
      toast({ title: `${ROLE_LABELS[user.role]} is now your primary role`, description: 'The navigation follows it.' });
    },
    onError: (error) => toast(failureToast('Could not change your primary role', error)),
  });
}
