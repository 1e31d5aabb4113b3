import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessage, TUser } from '#shared/accounts/accounts.schemas';
import type { TSignInLinkRequest } from '#shared/auth/sign-in-link.schemas';
import type { TTwoFactorChallenge } from '#shared/auth/two-factor.schemas';
import { ApiError, apiPost } from '#client/lib/api-client';
import { clearSession } from '#client/features/accounts';
import { markSessionStarted } from '../hooks/use-session-keep-alive';

/** The mailed one-time sign-in link (decision 049). */
export const requestSignInLink = (body: TSignInLinkRequest) => apiPost<TMessage>('/api/sign-in-link', body);
export const signInWithLink = (token: string) =>
  apiPost<TUser | TTwoFactorChallenge>('/api/sign-in-link/use', { token });

/** A sign-in refused while the account is locked offers the link (the 429's `signInLink`). */
export const offersSignInLink = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 429 && error.body?.signInLink === true;

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}

/** Opening the link signs in from an empty cache, as the admin sign-in does: whoever used this browser before leaves nothing. */
export function useSignInWithLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signInWithLink,
    onSuccess: (answer) => {
      if ('twoFactorRequired' in answer) return;
      markSessionStarted();
      clearSession(client, answer);
    },
  });
}
