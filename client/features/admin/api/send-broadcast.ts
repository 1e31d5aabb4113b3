import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZBroadcastCreated,
  type TBroadcastCreated,
  type TBroadcastInput,
} from '#shared/notifications/broadcasts.schemas';
import { apiPost, NetworkError, serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { broadcastsKey } from './get-broadcasts';

/** POST /api/admin/broadcasts: answers the new broadcast's id and how many members it reached. */
export async function sendBroadcast(body: TBroadcastInput): Promise<TBroadcastCreated> {
  return ZBroadcastCreated.parse(await apiPost<unknown>('/api/admin/broadcasts', body));
}

export function recipientsText(recipients: number): string {
  return recipients === 1 ? 'Sent to 1 member.' : `Sent to ${recipients} members.`;
}

export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendBroadcast,
    // A broadcast is not idempotent: a retry after a lost answer would notify everyone twice.
    retry: false,
    onSuccess: (created) => {
      toast({ title: 'Broadcast sent', description: recipientsText(created.recipients) });
      return client.invalidateQueries({ queryKey: broadcastsKey });
    },
    onError: (error) => {
      const description =
        error instanceof NetworkError
          ? 'Could not reach the server. Please check your connection and try again.'
          : (serverMessage(error) ?? error.message);
      toast({ title: 'Broadcast failed', description, variant: 'destructive' });
    },
  });
}
