import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMarkReadResult, type TMarkReadResult, type TUnreadCount } from '#shared/notifications/notifications.schemas';
import { apiPost } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import {
  cancelNotificationQueries,
  markReadInCache,
  refreshNotifications,
  restoreNotifications,
  snapshotNotifications,
} from '../notifications-cache';
import { markReadMutationKey, unreadCountKey } from './query-keys';

/** POST /api/notifications/{id}/read */
export async function markRead(id: string): Promise<TMarkReadResult> {
  return ZMarkReadResult.parse(await apiPost<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`));
}

export interface MarkReadInput {
  id: string;
  /** Whether the badge should drop by one. */
  wasUnread: boolean;
}

/**
 * Optimistic: the item and the badge change at once and come back if the server refuses.
 * The callbacks live on the mutation, not on `mutate`, so they still run after the bell's
 * dropdown has closed and a link has been followed.
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: markReadMutationKey,
    mutationFn: ({ id }: MarkReadInput) => markRead(id),
    onMutate: async ({ id, wasUnread }) => {
      await cancelNotificationQueries(client);
      const snapshot = snapshotNotifications(client);
      markReadInCache(client, id, wasUnread);
      return { snapshot };
    },
    onSuccess: (result) => {
      if (client.isMutating({ mutationKey: markReadMutationKey }) === 1) {
        client.setQueryData<TUnreadCount>(unreadCountKey, { unreadCount: result.unreadCount });
      }
    },
    onError: (_error, _input, context) => {
      if (context) restoreNotifications(client, context.snapshot);
      toast({ title: 'Failed to mark notification as read', variant: 'destructive' });
    },
    onSettled: () => {
      // An earlier click's refetch could land before a later click is saved and undo it on screen.
      if (client.isMutating({ mutationKey: markReadMutationKey }) === 1) return refreshNotifications(client);
    },
  });
}
