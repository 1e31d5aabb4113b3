import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUser, type TUser } from '#shared/accounts/accounts.schemas';
import type { TTakeRole } from '#shared/accounts/roles.schemas';
import { apiPost } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { setSessionUser } from './get-user';

/** POST /api/user/roles: the user, now holding the role (and with it primary when asked). */
export async function takeRole(body: TTakeRole): Promise<TUser> {
  return ZUser.parse(await apiPost<unknown>('/api/user/roles', body));
}

/** The answer replaces the cached user, so that navigation follows a new primary role at once. */
export function useTakeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: takeRole,
    onSuccess: (user) => setSessionUser(client, user),
    onError: (error) => toast(failureToast('Could not take on the role', error)),
  });
}
