import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZEmployerProfile,
  ZJobSeekerProfile,
  ZTalentProfile,
  type TEmployerInput,
  type TJobSeekerInput,
  type TRoleDetails,
  type TTalentInput,
} from '#shared/accounts/roles.schemas';
import { apiPut } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { roleDetailsKey } from './get-role-details';

/** PUT /api/user/roles/{employer|talent|job_seeker}: the details as saved. */
const ROUTES = {
  employer: { path: '/api/user/roles/employer', schema: ZEmployerProfile, key: 'employer' },
  talent: { path: '/api/user/roles/talent', schema: ZTalentProfile, key: 'talent' },
  job_seeker: { path: '/api/user/roles/job_seeker', schema: ZJobSeekerProfile, key: 'jobSeeker' },
} as const;

interface Inputs {
  employer: TEmployerInput;
  talent: TTalentInput;
  job_seeker: TJobSeekerInput;
}

export async function saveRoleDetails<R extends keyof Inputs>(role: R, body: Inputs[R]) {
  const route = ROUTES[role];
  return route.schema.parse(await apiPut<unknown>(route.path, body));
}

export function useSaveRoleDetails<R extends keyof Inputs>(role: R) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Inputs[R]) => saveRoleDetails(role, body),
    onSuccess: (saved) => {
      client.setQueryData<TRoleDetails>(roleDetailsKey, (old) => old && { ...old, [ROUTES[role].key]: saved });
      toast({ title: 'Details saved' });
    },
  });
}
