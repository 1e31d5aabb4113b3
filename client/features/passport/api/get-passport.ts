import { useQuery } from '@tanstack/react-query';
import { ZPassport, type TPassport } from '#shared/passport/passport.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';

export const passportKey = (username: string) => ['/api/users', username.toLowerCase(), 'passport'] as const;

/** GET /api/users/{username}/passport: the skills with their evidence (404 when the profile is not available). */
export async function getPassport(username: string, signal?: AbortSignal): Promise<TPassport> {
  return ZPassport.parse(await apiGet<unknown>(`/api/users/${encodeId(username)}/passport`, signal));
}

export function usePassport(username: string) {
  return useQuery({
    queryKey: passportKey(username),
    queryFn: ({ signal }) => getPassport(username, signal),
    enabled: username !== '',
    retry: false,
  });
}
