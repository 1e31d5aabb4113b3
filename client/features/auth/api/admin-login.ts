import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '../../../../shared/accounts/accounts.schemas';
import type { TAdminLogin } from '../../../../shared/auth/auth.schemas';
import { ApiError, apiPost } from '../../../lib/api-client';
import { clearSession } from '../../accounts';
import { markSessionStarted } from '../hooks/use-session-keep-alive';

export const adminLogin = (body: TAdminLogin) => apiPost<TUser>('/api/admin/login', body);

/** The admin endpoint words its failures in `message` (spec section 7). */
export function adminLoginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Login failed';
  return error.body?.message || error.body?.error || 'Login failed';
}

/** Spec section 2: on success cached data is cleared and the admin becomes the session's user. */
export function useAdminLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (admin) => {
      markSessionStarted();
      clearSession(client, admin);
    },
  });
}
