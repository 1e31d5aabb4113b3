import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPortfolioInput } from '#shared/talent/talent.schemas';
import { apiDelete, apiPost, encodeId } from '#client/lib/api-client';
import { talentKey } from './query-keys';

/** POST /api/talent/portfolio and DELETE /api/talent/portfolio/{id}; the talent's page refetches. */
export function usePortfolio(talentId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: talentKey(talentId) });
  const add = useMutation({
    mutationFn: (body: TPortfolioInput) => apiPost<unknown>('/api/talent/portfolio', body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiDelete<unknown>(`/api/talent/portfolio/${encodeId(id)}`),
    onSuccess: refresh,
  });
  return { add, remove };
}
