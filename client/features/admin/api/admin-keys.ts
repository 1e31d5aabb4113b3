/** Query keys of the console: the request path split at its ids (shared/realtime/events.ts). */
export const adminKeys = {
  users: (search: string) => ['/api/admin/users', search] as const,
  usersAll: ['/api/admin/users'] as const,
  user: (id: string) => ['/api/admin/users', id] as const,
  jobs: (search: string) => ['/api/admin/jobs', search] as const,
  jobsAll: ['/api/admin/jobs'] as const,
  audit: (search: string) => ['/api/admin/audit', search] as const,
  auditAll: ['/api/admin/audit'] as const,
  queues: ['/api/admin/queues'] as const,
  queue: (kind: string, page: number) => ['/api/admin/queues', kind, String(page)] as const,
  stats: (from: string, to: string) => ['/api/admin/stats', from, to] as const,
  statsAll: ['/api/admin/stats'] as const,
  memberWallet: (id: string, page: number) => ['/api/admin/users', id, 'wallet', String(page)] as const,
  payouts: (search: string) => ['/api/admin/payouts', search] as const,
  appeal: ['/api/appeals'] as const,
  twoFactor: ['/api/admin/two-factor'] as const,
};

/** A query string from a record, leaving out empty values, in a stable order. */
export function searchOf(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') q.set(key, String(value));
  return q.toString();
}
