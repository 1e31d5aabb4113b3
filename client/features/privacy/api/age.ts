import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAgeStatus,
  type TAgeStatus,
  type TBirthDateInput,
  type TGuardianInput,
} from '#shared/privacy/privacy.schemas';
import { apiGet, apiPost, apiPut } from '#client/lib/api-client';

/** The realtime table refreshes this key when a guardian consents. */
export const ageQueryKey = ['/api/user/age'] as const;

/** GET /api/user/age: where the member stands at the money steps. */
export function useAgeStatus(enabled = true) {
  return useQuery({
    queryKey: ageQueryKey,
    queryFn: async ({ signal }) => ZAgeStatus.parse(await apiGet<unknown>('/api/user/age', signal)),
    enabled,
    // The consent arrives by realtime (data:updated); the poll covers a socket that is down.
    refetchInterval: (query) => (query.state.data?.state === 'waiting' ? 15_000 : false),
  });
}

function useAgeMutation<I>(send: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: I): Promise<TAgeStatus> => ZAgeStatus.parse(await send(input)),
    onSuccess: (status) => client.setQueryData(ageQueryKey, status),
  });
}

/** PUT /api/user/date-of-birth: asked once. */
export const useRecordBirthDate = () =>
  useAgeMutation((input: TBirthDateInput) => apiPut<unknown>('/api/user/date-of-birth', input));

/** POST /api/user/guardian-consent: names the guardian and mails them the link (again). */
export const useRequestGuardian = () =>
  useAgeMutation((input: TGuardianInput) => apiPost<unknown>('/api/user/guardian-consent', input));
