import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMilestoneResolveInput } from '#shared/talent/escrow.schemas';
import { apiPost } from '#client/lib/api-client';
import { useConfirmed } from '../components/password-confirm';
import { adminKeys } from './admin-keys';

/** POST /api/admin/milestones/{id}/resolve: release, refund or split a disputed milestone, with the reason both sides read. */
export function useResolveMilestone() {
  const client = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    retry: false,
    mutationFn: ({ milestoneId, body }: { milestoneId: string; body: TMilestoneResolveInput }) =>
      confirmed(() => apiPost<unknown>(`/api/admin/milestones/${encodeURIComponent(milestoneId)}/resolve`, body)),
    // The queue's counts and items, and the gig as the console reads it (keys are request paths).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.queues }),
        client.invalidateQueries({ queryKey: ['/api/talent/gigs'] }),
      ]),
  });
}
