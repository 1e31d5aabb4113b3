import { useMutation } from '@tanstack/react-query';
import { ZSkillCredential } from '#shared/passport/passport.schemas';
import { apiPost, encodeId } from '#client/lib/api-client';

/** POST /api/passport/skills/{slug}/credential: the Open Badges credential of my proven or expert skill. */
export async function getSkillCredential(slug: string) {
  return ZSkillCredential.parse(await apiPost<unknown>(`/api/passport/skills/${encodeId(slug)}/credential`));
}

export function useSkillCredential() {
  return useMutation({ mutationFn: getSkillCredential });
}
