import { useMutation } from '@tanstack/react-query';
import type { TMessage } from '#shared/accounts/accounts.schemas';
import type { TRequestReset } from '#shared/auth/auth.schemas';
import { ApiError, apiPost, serverMessage } from '#client/lib/api-client';

export const requestPasswordReset = (body: TRequestReset) => apiPost<TMessage>('/api/request-password-reset', body);

export function requestResetErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return serverMessage(error) ?? 'Failed to send reset link.';
  return 'An error occurred. Please try again later.';
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
