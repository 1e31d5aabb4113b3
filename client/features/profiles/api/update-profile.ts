import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZProfile, type TProfile, type TProfileUpdate } from '#shared/profiles/profiles.schemas';
import { apiPatch } from '#client/lib/api-client';
import { userQueryKey } from '#client/features/accounts';
import { profileKey } from './get-profile';

/** PATCH /api/user/profile: only the keys sent change; answers the whole profile. */
export async function updateProfile(body: TProfileUpdate): Promise<TProfile> {
  return ZProfile.parse(await apiPatch<unknown>('/api/user/profile', body));
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      client.setQueryData(profileKey(profile.username), profile);
      // The header shows the name and picture from the session's user.
      return client.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
