import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZEarnings, ZSubscription, ZSubscriptionList } from '#shared/mentorship/mentorship.schemas';
import { apiGet, apiPost, encodeId } from '#client/lib/api-client';
import { earningsKey, menteeSubscriptionsKey, mentorSubscriptionsKey } from './query-keys';

const ZCheckout = z.object({ url: z.string() });

/** POST /api/mentor/plans/{id}/subscribe: a checkout's { url }, or the subscription of a free plan or a trial. */
export async function subscribe(planId: string): Promise<{ url: string } | z.infer<typeof ZSubscription>> {
  const answer = await apiPost<unknown>(`/api/mentor/plans/${encodeId(planId)}/subscribe`);
  const checkout = ZCheckout.safeParse(answer);
  return checkout.success && !('status' in (answer as object)) ? checkout.data : ZSubscription.parse(answer);
}

export function useSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    // Each call may open a checkout at the gateway: a retry after a lost answer would open two.
    retry: false,
    onSuccess: (result) =>
      'url' in result ? undefined : client.invalidateQueries({ queryKey: menteeSubscriptionsKey }),
  });
}

/** POST /api/subscriptions/{id}/renew: the next period's checkout. */
export function useRenew() {
  return useMutation({
    mutationFn: async (id: string) =>
      ZCheckout.parse(await apiPost<unknown>(`/api/subscriptions/${encodeId(id)}/renew`)),
    retry: false,
  });
}

/** GET /api/mentor/subscriptions: the mentor's subscribers. */
export function useMentorSubscriptions(enabled = true) {
  return useQuery({
    queryKey: mentorSubscriptionsKey,
    queryFn: async ({ signal }) =>
      ZSubscriptionList.parse(await apiGet<unknown>('/api/mentor/subscriptions', signal)).subscriptions,
    enabled,
  });
}

/** GET /api/mentee/subscriptions: the member's own subscriptions. */
export function useMenteeSubscriptions() {
  return useQuery({
    queryKey: menteeSubscriptionsKey,
    queryFn: async ({ signal }) =>
      ZSubscriptionList.parse(await apiGet<unknown>('/api/mentee/subscriptions', signal)).subscriptions,
  });
}

function useRefreshBoth() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: menteeSubscriptionsKey }),
      client.invalidateQueries({ queryKey: mentorSubscriptionsKey }),
    ]);
}

/** POST /api/subscriptions/{id}/cancel. */
export function useCancelSubscription() {
  const refresh = useRefreshBoth();
  return useMutation({
    mutationFn: ({ id, immediately }: { id: string; immediately?: boolean }) =>
      apiPost<unknown>(`/api/subscriptions/${encodeId(id)}/cancel`, { immediately }),
    onSuccess: refresh,
  });
}

/** POST /api/subscriptions/{id}/pause. */
export function usePauseSubscription() {
  const refresh = useRefreshBoth();
  return useMutation({
    mutationFn: ({ id, days }: { id: string; days: number }) =>
      apiPost<unknown>(`/api/subscriptions/${encodeId(id)}/pause`, { days }),
    onSuccess: refresh,
  });
}

/** GET /api/mentor/earnings. */
export function useEarnings(enabled = true) {
  return useQuery({
    queryKey: earningsKey,
    queryFn: async ({ signal }) => ZEarnings.parse(await apiGet<unknown>('/api/mentor/earnings', signal)),
    enabled,
  });
}
