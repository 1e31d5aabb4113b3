import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZAdminMemberDetail,
  ZAdminUserList,
  type TAdminMemberDetail,
  type TAdminUserList,
} from '#shared/admin/admin.schemas';
import { apiGet } from '#client/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/users?<search>: one page of members, searched and filtered on the server. */
export async function getMembers(search: string, signal?: AbortSignal): Promise<TAdminUserList> {
  return ZAdminUserList.parse(await apiGet<unknown>(`/api/admin/users${search ? `?${search}` : ''}`, signal));
}

export function useMembers(search: string) {
  return useQuery({
    queryKey: adminKeys.users(search),
    queryFn: ({ signal }) => getMembers(search, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/:id: the member's page. */
export async function getMember(id: string, signal?: AbortSignal): Promise<TAdminMemberDetail> {
  return ZAdminMemberDetail.parse(await apiGet<unknown>(`/api/admin/users/${encodeURIComponent(id)}`, signal));
}

export function useMember(id: string) {
  return useQuery({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getMember(id, signal) });
}
