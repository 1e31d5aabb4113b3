import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOpenBadgeCredential } from '#shared/credentials/credentials.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';

export const credentialPath = (id: string) => `/api/credentials/${encodeId(id)}`;

/** GET /api/credentials/{id}: public; the credential as JSON, with `revoked` when it is (decision 073). */
export const credentialQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/credentials', id],
    queryFn: ({ signal }) => apiGet<TOpenBadgeCredential>(credentialPath(id), signal),
  });

export function useCredential(id: string | null | undefined) {
  return useQuery({ ...credentialQueryOptions(id ?? ''), enabled: Boolean(id) });
}
