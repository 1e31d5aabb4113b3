import { useQuery } from '@tanstack/react-query';
import { ZRoleDetails } from '#shared/accounts/roles.schemas';
import { apiGet } from '#client/lib/api-client';

/** GET /api/user/role-details (the profile's key): the CV on the seeker's profile, if any. */
export function useProfileCv(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/user/role-details'],
    queryFn: async ({ signal }) => ZRoleDetails.parse(await apiGet<unknown>('/api/user/role-details', signal)),
    select: (details) => details.jobSeeker?.cv ?? null,
    enabled,
  });
}
