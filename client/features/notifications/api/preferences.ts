import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZNotificationPreferences,
  type TNotificationPreferenceChange,
} from '#shared/notifications/notifications.schemas';
import { apiGet, apiPut } from '#client/lib/api-client';

export const preferencesKey = ['/api/notifications/preferences'] as const;

/** GET /api/notifications/preferences: every type with whether it shows and whether its email copy is on. */
export function usePreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: async ({ signal }) =>
      ZNotificationPreferences.parse(await apiGet<unknown>('/api/notifications/preferences', signal)).preferences,
  });
}

/** PUT /api/notifications/preferences with the one choice that changed; the answer is every type. */
export function useSetPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (preference: TNotificationPreferenceChange) =>
      ZNotificationPreferences.parse(
        await apiPut<unknown>('/api/notifications/preferences', { preferences: [preference] }),
      ).preferences,
    onSuccess: (preferences) => client.setQueryData(preferencesKey, preferences),
  });
}
