import { useMutation } from '@tanstack/react-query';
import type { TMessage } from '#shared/accounts/accounts.schemas';
import type { TResetPassword } from '#shared/auth/auth.schemas';
import { ApiError, apiPost, serverMessage } from '#client/lib/api-client';

export const resetPassword = (body: TResetPassword) => apiPost<TMessage>('/api/reset-password', body);

export function resetErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return serverMessage(error) ?? 'Failed to reset password. The link may be expired or invalid.';
  }
  return 'An error occurred during password reset.';
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
