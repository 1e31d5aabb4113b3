import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZWallet, ZWalletEntries, type TWallet, type TWalletEntries } from '#shared/wallet/wallet.schemas';
import { apiGet } from '#client/lib/api-client';

/** Keys are the request paths (shared/realtime/events.ts): a `data:updated` for them refreshes the wallet live. */
export const walletKey = ['/api/wallet'] as const;
export const walletEntriesKey = (page: number) => ['/api/wallet/entries', { page }] as const;

export async function getWallet(signal?: AbortSignal): Promise<TWallet> {
  return ZWallet.parse(await apiGet<unknown>('/api/wallet', signal));
}

export async function getWalletEntries(page: number, signal?: AbortSignal): Promise<TWalletEntries> {
  return ZWalletEntries.parse(await apiGet<unknown>(`/api/wallet/entries?page=${page}`, signal));
}

export const walletQueryOptions = queryOptions({ queryKey: walletKey, queryFn: ({ signal }) => getWallet(signal) });

export function useWallet() {
  return useQuery(walletQueryOptions);
}

export function useWalletEntries(page: number) {
  return useQuery({
    queryKey: walletEntriesKey(page),
    queryFn: ({ signal }) => getWalletEntries(page, signal),
    placeholderData: keepPreviousData,
  });
}
