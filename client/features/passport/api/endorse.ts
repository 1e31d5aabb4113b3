import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZEndorsable, ZEndorsement, type TEndorsementInput } from '#shared/passport/passport.schemas';
import { apiGet, apiPost, encodeId } from '#client/lib/api-client';

const endorsableKey = (menteeId: string) => ['/api/mentor/endorsements/skills', menteeId] as const;

/** GET /api/mentor/endorsements/skills: what the mentor may endorse this mentee for. */
export function useEndorsable(menteeId: string) {
  return useQuery({
    queryKey: endorsableKey(menteeId),
    queryFn: async ({ signal }) =>
      ZEndorsable.parse(
        await apiGet<unknown>(`/api/mentor/endorsements/skills?menteeId=${encodeId(menteeId)}`, signal),
      ),
    retry: false,
  });
}

/** POST /api/mentor/endorsements. */
export async function endorse(body: TEndorsementInput) {
  return ZEndorsement.parse(await apiPost<unknown>('/api/mentor/endorsements', body));
}

export function useEndorse(menteeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endorse,
    onSuccess: () => client.invalidateQueries({ queryKey: endorsableKey(menteeId) }),
  });
}
