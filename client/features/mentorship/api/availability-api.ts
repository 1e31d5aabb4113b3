import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZAvailability,
  ZOverride,
  type TAvailability,
  type TAvailabilityInput,
  type TOverride,
  type TOverrideInput,
} from '#shared/mentorship/sessions.schemas';
import { apiDelete, apiGet, apiPost, apiPut, encodeId } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';

export const availabilityKey = ['/api/mentor/availability'] as const;

/** GET /api/mentor/availability: the mentor's own schedule and upcoming date overrides. */
export const availabilityQueryOptions = () =>
  queryOptions({
    queryKey: availabilityKey,
    queryFn: async ({ signal }): Promise<TAvailability> =>
      ZAvailability.parse(await apiGet<unknown>('/api/mentor/availability', signal)),
  });

/** PUT /api/mentor/availability. */
export function useSaveAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TAvailabilityInput) =>
      ZAvailability.parse(await apiPut<unknown>('/api/mentor/availability', input)),
    onSuccess: (data) => {
      client.setQueryData(availabilityKey, data);
      toast({ title: 'Schedule saved' });
    },
    onError: (error) => toast(failureToast('Could not save your schedule', error)),
  });
}

/** POST /api/mentor/availability/overrides: a day off or extra hours on one date. */
export function useAddOverride() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TOverrideInput): Promise<TOverride> =>
      ZOverride.parse((await apiPost<{ override: unknown }>('/api/mentor/availability/overrides', input)).override),
    onSuccess: () => client.invalidateQueries({ queryKey: availabilityKey }),
    onError: (error) => toast(failureToast('Could not add the date', error)),
  });
}

/** DELETE /api/mentor/availability/overrides/{id}. */
export function useRemoveOverride() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<unknown>(`/api/mentor/availability/overrides/${encodeId(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: availabilityKey }),
    onError: (error) => toast(failureToast('Could not remove the date', error)),
  });
}
