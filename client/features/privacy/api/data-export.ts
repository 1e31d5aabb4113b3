import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDataExportState } from '#shared/privacy/privacy.schemas';
import { apiGet, apiPost } from '#client/lib/api-client';

const exportKey = ['/api/user/export'] as const;

/** GET /api/user/export: asked again every few seconds while the ZIP is being prepared. */
export function useDataExport() {
  return useQuery({
    queryKey: exportKey,
    queryFn: async ({ signal }) => ZDataExportState.parse(await apiGet<unknown>('/api/user/export', signal)),
    refetchInterval: (query) => (query.state.data?.export?.status === 'building' ? 3_000 : false),
  });
}

/** POST /api/user/export → 202: a build starts (or the one building is answered). */
export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => ZDataExportState.parse(await apiPost<unknown>('/api/user/export')),
    onSuccess: (state) => client.setQueryData(exportKey, state),
  });
}
