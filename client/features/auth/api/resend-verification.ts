import { useMutation } from '@tanstack/react-query';
import type { TMessage } from '#shared/accounts/accounts.schemas';
import type { TResendVerification } from '#shared/auth/auth.schemas';
import { apiPost } from '#client/lib/api-client';

/** The answer is the same whether or not the account exists, so it reveals nothing. */
export const resendVerification = (body: TResendVerification) => apiPost<TMessage>('/api/resend-verification', body);

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
