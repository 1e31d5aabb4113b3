import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEvidenceVisibilityResult } from '#shared/passport/passport.schemas';
import { apiPut, encodeId } from '#client/lib/api-client';
import { passportKey } from './get-passport';

/** PUT /api/passport/evidence/{id}/visibility: the owner shows or hides one item from the public view. */
export async function setEvidenceVisibility(input: { id: string; hidden: boolean }) {
  return ZEvidenceVisibilityResult.parse(
    await apiPut<unknown>(`/api/passport/evidence/${encodeId(input.id)}/visibility`, { hidden: input.hidden }),
  );
}

/** The passport's levels follow what is shown, so the whole passport is read again. */
export function useSetEvidenceVisibility(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setEvidenceVisibility,
    onSuccess: () => client.invalidateQueries({ queryKey: passportKey(username) }),
  });
}
