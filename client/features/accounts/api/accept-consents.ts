import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { PRIVACY_VERSION, TERMS_VERSION } from '#shared/constants';
import { apiPost } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { setSessionUser } from './get-user';

/** POST /api/user/consents: agrees to the versions this client shows, which are the ones in force. */
export function useAcceptConsents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<TUser>('/api/user/consents', { terms: TERMS_VERSION, privacy: PRIVACY_VERSION }),
    onSuccess: (user) => setSessionUser(client, user),
    onError: (error) => toast(failureToast('Failed to record your agreement', error)),
  });
}
