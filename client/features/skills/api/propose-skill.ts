import { useMutation } from '@tanstack/react-query';
import { ZSkillRef, type TSkillRef } from '#shared/skills/skills.schemas';
import { apiPost } from '#client/lib/api-client';

/** POST /api/skills: a new skill, or the existing one of that name or synonym. */
export async function proposeSkill(name: string): Promise<TSkillRef> {
  return ZSkillRef.parse(await apiPost<unknown>('/api/skills', { name }));
}

export function useProposeSkill() {
  return useMutation({ mutationFn: proposeSkill });
}
