import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TAdminLogin } from '#shared/auth/auth.schemas';
import type { TTwoFactorChallenge, TTwoFactorLogin } from '#shared/auth/two-factor.schemas';
import { ApiError, apiPost } from '#client/lib/api-client';
import { clearSession } from '#client/features/accounts';
import { markSessionStarted } from '../hooks/use-session-keep-alive';

/** The admin, or, when they have two-factor on, the challenge of the code step (decision 033). */
export const adminLogin = (body: TAdminLogin) => apiPost<TUser | TTwoFactorChallenge>('/api/admin/login', body);
export const adminLoginCode = (body: TTwoFactorLogin) => apiPost<TUser>('/api/admin/login/two-factor', body);

export const isChallenge = (answer: TUser | TTwoFactorChallenge): answer is TTwoFactorChallenge =>
  'twoFactorRequired' in answer;

/** The admin endpoint words its failures in `message` (docs/spec.md §7). */
export function adminLoginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Login failed';
  return error.body?.message || error.body?.error || 'Login failed';
}

/** docs/spec.md §2: on success cached data is cleared and the admin becomes the session's user. */
function useSignedIn() {
  const client = useQueryClient();
  return (admin: TUser) => {
    markSessionStarted();
    clearSession(client, admin);
  };
}

export function useAdminLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (answer) => {
      if (!isChallenge(answer)) signedIn(answer);
    },
  });
}

/** The code after the password, for an admin with two-factor on. */
export function useAdminLoginCode() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: adminLoginCode, onSuccess: signedIn });
}
