import { useMutation } from '@tanstack/react-query';
import { ZInvited, ZSent } from '#shared/admin/admin.schemas';
import { apiPost } from '#client/lib/api-client';
import { useConfirmed } from '../components/password-confirm';

/** POST /api/admin/invitations: another admin, by email. */
export function useInviteAdmin() {
  const confirmed = useConfirmed();
  return useMutation({
    retry: false,
    mutationFn: (email: string) =>
      confirmed(async () => ZInvited.parse(await apiPost<unknown>('/api/admin/invitations', { email }))),
  });
}

/** POST /api/admin-invitations/accept: the invited admin's password. */
export function useAcceptInvitation() {
  return useMutation({
    retry: false,
    mutationFn: async (body: { token: string; password: string }) =>
      ZSent.parse(await apiPost<unknown>('/api/admin-invitations/accept', body)),
  });
}
