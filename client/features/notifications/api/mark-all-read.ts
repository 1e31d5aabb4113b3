import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMarkAllResult, type TMarkAllResult } from '#shared/notifications/notifications.schemas';
import { apiPost } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import {
  cancelNotificationQueries,
  markAllReadInCache,
  refreshNotifications,
  restoreNotifications,
  snapshotNotifications,
} from '../notifications-cache';
import { markReadMutationKey } from './query-keys';

/** POST /api/notifications/mark-all-read: answers how many were marked. */
export async function markAllRead(): Promise<TMarkAllResult> {
  return ZMarkAllResult.parse(await apiPost<unknown>('/api/notifications/mark-all-read'));
}

/** Optimistic like useMarkRead: everything reads as read at once, and comes back on failure. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: markReadMutationKey,
    mutationFn: markAllRead,
    onMutate: async () => {
      await cancelNotificationQueries(client);
      const snapshot = snapshotNotifications(client);
      markAllReadInCache(client);
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      if (context) restoreNotifications(client, context.snapshot);
      toast({ title: 'Failed to mark all notifications as read', variant: 'destructive' });
    },
    onSettled: () => {
      // An earlier click's refetch could land before a later click is saved and undo it on screen.
      if (client.isMutating({ mutationKey: markReadMutationKey }) === 1) return refreshNotifications(client);
    },
  });
}
