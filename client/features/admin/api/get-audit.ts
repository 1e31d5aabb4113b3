import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAuditList, type TAuditList } from '#shared/admin/admin.schemas';
import { apiGet } from '#client/lib/api-client';
import { apiUrl } from '#client/lib/env';
import { adminKeys } from './admin-keys';

/** GET /api/admin/audit?<search>: one page of the audit log, newest first. */
export async function getAudit(search: string, signal?: AbortSignal): Promise<TAuditList> {
  return ZAuditList.parse(await apiGet<unknown>(`/api/admin/audit${search ? `?${search}` : ''}`, signal));
}

export function useAudit(search: string) {
  return useQuery({
    queryKey: adminKeys.audit(search),
    queryFn: ({ signal }) => getAudit(search, signal),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the same filters (every page). */
export const auditCsvUrl = (search: string) => apiUrl(`/api/admin/audit.csv${search ? `?${search}` : ''}`);
