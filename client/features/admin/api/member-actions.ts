import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRolesInput, TSuspendInput } from '#shared/admin/admin.schemas';
import type { TRole } from '#shared/roles';
import { apiPost, apiPut, serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { adminKeys } from './admin-keys';
import { useConfirmed } from '../components/password-confirm';

type Action =
  | { kind: 'suspend'; body: TSuspendInput }
  | { kind: 'unsuspend' }
  | { kind: 'roles'; body: TRolesInput & { roles: TRole[] } }
  | { kind: 'revoke-sessions' }
  | { kind: 'resend-verification' };

const DONE: Record<Action['kind'], string> = {
  suspend: 'Member suspended',
  unsuspend: 'Suspension lifted',
  roles: 'Roles saved',
  'revoke-sessions': 'Every session ended',
  'resend-verification': 'Verification mail sent',
};

/** POST/PUT /api/admin/users/:id/...: the member page's actions; destructive ones ask for the password when the server says so. */
export function useMemberAction(id: string) {
  const client = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    retry: false,
    mutationFn: (action: Action) =>
      confirmed(() => {
        const base = `/api/admin/users/${encodeURIComponent(id)}`;
        if (action.kind === 'roles') return apiPut<unknown>(`${base}/roles`, action.body);
        return apiPost<unknown>(`${base}/${action.kind}`, 'body' in action ? action.body : {});
      }),
    onSuccess: (_data, action) => {
      toast({ title: DONE[action.kind] });
      return Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.usersAll }),
        client.invalidateQueries({ queryKey: adminKeys.auditAll }),
      ]);
    },
    onError: (error) => {
      if (error instanceof Error && error.name === 'ConfirmationCancelled') return;
      toast({ title: 'That did not work', description: serverMessage(error) ?? error.message, variant: 'destructive' });
    },
  });
}
