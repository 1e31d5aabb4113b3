import { useQuery } from '@tanstack/react-query';
import { ZRoleDetails, type TRoleDetails } from '#shared/accounts/roles.schemas';
import { apiGet } from '#client/lib/api-client';

export const roleDetailsKey = ['/api/user/role-details'] as const;

/** GET /api/user/role-details: each self-service role's details, null until filled in. */
export async function getRoleDetails(signal?: AbortSignal): Promise<TRoleDetails> {
  return ZRoleDetails.parse(await apiGet<unknown>('/api/user/role-details', signal));
}

export function useRoleDetails() {
  return useQuery({ queryKey: roleDetailsKey, queryFn: ({ signal }) => getRoleDetails(signal) });
}
