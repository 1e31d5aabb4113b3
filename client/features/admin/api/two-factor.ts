import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZRecoveryCodes, ZTwoFactorSetup, ZTwoFactorStatus } from '#shared/auth/two-factor.schemas';
import { apiDelete, apiGet, apiPost } from '#client/lib/api-client';
import { useConfirmed } from '../components/password-confirm';
import { adminKeys } from './admin-keys';

/** GET /api/admin/two-factor: whether the signed-in admin has it on, and recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: adminKeys.twoFactor,
    queryFn: async ({ signal }) => ZTwoFactorStatus.parse(await apiGet<unknown>('/api/admin/two-factor', signal)),
  });
}

/** POST /api/admin/two-factor/setup: a new secret for the app (not on until confirmed). */
export function useStartTwoFactor() {
  return useMutation({
    retry: false,
    mutationFn: async () => ZTwoFactorSetup.parse(await apiPost<unknown>('/api/admin/two-factor/setup')),
  });
}

/** POST /api/admin/two-factor/confirm: the app's current code turns it on; the recovery codes come back once. */
export function useConfirmTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (code: string) =>
      ZRecoveryCodes.parse(await apiPost<unknown>('/api/admin/two-factor/confirm', { code })),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.twoFactor }),
  });
}

/** DELETE /api/admin/two-factor: turning it off asks for the password again (CONFIRMATION_REQUIRED). */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    retry: false,
    mutationFn: () => confirmed(async () => ZTwoFactorStatus.parse(await apiDelete<unknown>('/api/admin/two-factor'))),
    onSuccess: (status) => client.setQueryData(adminKeys.twoFactor, status),
  });
}
