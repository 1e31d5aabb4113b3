import { useMutation, useQuery } from '@tanstack/react-query';
import { ZGuardianRequest } from '#shared/privacy/privacy.schemas';
import { apiGet, apiPost } from '#client/lib/api-client';

/** GET /api/guardian-consent?token=: what the guardian is asked to consent to. */
export function useGuardianRequest(token: string) {
  return useQuery({
    queryKey: ['/api/guardian-consent', token],
    queryFn: async ({ signal }) =>
      ZGuardianRequest.parse(await apiGet<unknown>(`/api/guardian-consent?token=${encodeURIComponent(token)}`, signal)),
    enabled: token !== '',
    retry: false,
  });
}

/** POST /api/guardian-consent: the guardian confirms. */
export function useGiveConsent() {
  return useMutation({
    mutationFn: async (token: string) =>
      ZGuardianRequest.parse(await apiPost<unknown>('/api/guardian-consent', { token, confirm: true })),
  });
}
