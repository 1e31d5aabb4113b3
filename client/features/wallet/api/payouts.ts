import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZBanks,
  ZPayoutAccount,
  ZPayoutAccountState,
  ZPayoutCreated,
  ZPayouts,
  type TPayoutAccountInput,
  type TPayoutInput,
} from '#shared/wallet/payouts.schemas';
import { apiGet, apiPost, apiPut } from '#client/lib/api-client';

export const banksKey = ['/api/payouts/banks'] as const;
export const payoutAccountKey = ['/api/wallet/payout-account'] as const;
export const payoutsKey = ['/api/wallet/payouts'] as const;

export function useBanks(enabled: boolean) {
  return useQuery({
    queryKey: banksKey,
    queryFn: async ({ signal }) => ZBanks.parse(await apiGet<unknown>('/api/payouts/banks', signal)).banks,
    enabled,
    staleTime: 24 * 3_600_000,
  });
}

export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutAccountKey,
    queryFn: async ({ signal }) =>
      ZPayoutAccountState.parse(await apiGet<unknown>('/api/wallet/payout-account', signal)).account,
  });
}

export function usePayouts() {
  return useQuery({
    queryKey: payoutsKey,
    queryFn: async ({ signal }) => ZPayouts.parse(await apiGet<unknown>('/api/wallet/payouts', signal)).payouts,
  });
}

/** Saving the account or a payout changes what the whole wallet shows. */
function useRefreshWallet() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [['/api/wallet'], ['/api/wallet/entries'], payoutAccountKey, payoutsKey].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSavePayoutAccount() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: async (input: TPayoutAccountInput) =>
      ZPayoutAccount.parse(await apiPut<unknown>('/api/wallet/payout-account', input)),
    onSuccess: refresh,
  });
}

export function useRequestPayout() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: async (input: TPayoutInput) =>
      ZPayoutCreated.parse(await apiPost<unknown>('/api/wallet/payouts', input)),
    onSuccess: refresh,
  });
}
