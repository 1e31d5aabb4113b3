import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSavedSearches, type TSavedSearch } from '#shared/jobs/jobs.schemas';
import { apiDelete, apiGet, apiPatch, apiPost, encodeId } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { savedSearchesKey } from './query-keys';

/** GET /api/user/saved-searches. */
export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchesKey,
    queryFn: async ({ signal }) => ZSavedSearches.parse(await apiGet<unknown>('/api/user/saved-searches', signal)),
  });
}

/** POST /api/user/saved-searches with the board's query string. */
export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (query: string) => apiPost<TSavedSearch>('/api/user/saved-searches', { query }),
    onSuccess: () => {
      toast({ title: 'Search saved', description: 'New jobs that match will reach you here and in a daily email.' });
      return client.invalidateQueries({ queryKey: savedSearchesKey });
    },
    onError: (error) => toast(failureToast('Could not save the search', error)),
  });
}

/** PATCH (the daily email on or off) and DELETE /api/user/saved-searches/{id}. */
export function useSavedSearchActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: savedSearchesKey });
  return {
    setDigest: useMutation({
      mutationFn: (input: { id: string; emailDigest: boolean }) =>
        apiPatch<TSavedSearch>(`/api/user/saved-searches/${encodeId(input.id)}`, { emailDigest: input.emailDigest }),
      onSuccess: refresh,
      onError: (error) => toast(failureToast('Could not change the email setting', error)),
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiDelete<void>(`/api/user/saved-searches/${encodeId(id)}`),
      onSuccess: refresh,
      onError: (error) => toast(failureToast('Could not delete the search', error)),
    }),
  };
}
