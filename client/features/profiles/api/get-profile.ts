import { useQuery } from '@tanstack/react-query';
import { ZProfile, type TProfile } from '#shared/profiles/profiles.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';

export const profileKey = (username: string) => ['/api/users', username.toLowerCase()] as const;

/** GET /api/users/{username}: a member's public profile (404 when not available). */
export async function getProfile(username: string, signal?: AbortSignal): Promise<TProfile> {
  return ZProfile.parse(await apiGet<unknown>(`/api/users/${encodeId(username)}`, signal));
}

export function useProfile(username: string) {
  return useQuery({
    queryKey: profileKey(username),
    queryFn: ({ signal }) => getProfile(username, signal),
    // A 404 is the answer, not a hiccup.
    retry: false,
  });
}
