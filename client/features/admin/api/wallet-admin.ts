import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAdjustment,
  ZAdminMemberWallet,
  ZAdminPayouts,
  type TAdjustmentInput,
  type TAdminMemberWallet,
  type TAdminPayouts,
} from '#shared/wallet/wallet-admin.schemas';
import { apiGet, apiPost } from '#client/lib/api-client';
import { useConfirmed } from '../components/password-confirm';
import { adminKeys } from './admin-keys';

const memberPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** GET /api/admin/users/:id/wallet?page=: the member's balances and one page of their lines. */
export async function getMemberWallet(id: string, page: number, signal?: AbortSignal): Promise<TAdminMemberWallet> {
  return ZAdminMemberWallet.parse(await apiGet<unknown>(`${memberPath(id)}/wallet?page=${page}`, signal));
}

export function useMemberWallet(id: string, page: number) {
  return useQuery({
    queryKey: adminKeys.memberWallet(id, page),
    queryFn: ({ signal }) => getMemberWallet(id, page, signal),
    placeholderData: keepPreviousData,
    // Payouts settle and sales clear in the background: money is read afresh each time the page opens.
    staleTime: 0,
  });
}

/** POST …/wallet/adjustments; asks for the password first when the last one is more than 15 minutes old. */
export function useAdjustWallet(id: string) {
  const client = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    retry: false,
    mutationFn: (input: TAdjustmentInput) =>
      confirmed(async () => ZAdjustment.parse(await apiPost<unknown>(`${memberPath(id)}/wallet/adjustments`, input))),
    // The member's page (its wallet and its audit lines), the log and the overview's money all moved.
    onSuccess: () =>
      Promise.all(
        [adminKeys.user(id), adminKeys.auditAll, adminKeys.statsAll].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** GET /api/admin/payouts?status=&page=: payouts in one state, newest first. */
export async function getAdminPayouts(search: string, signal?: AbortSignal): Promise<TAdminPayouts> {
  return ZAdminPayouts.parse(await apiGet<unknown>(`/api/admin/payouts${search ? `?${search}` : ''}`, signal));
}

export function useAdminPayouts(search: string) {
  return useQuery({
    queryKey: adminKeys.payouts(search),
    queryFn: ({ signal }) => getAdminPayouts(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
