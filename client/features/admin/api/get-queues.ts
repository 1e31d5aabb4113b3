import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZClaim, ZQueueItems, ZQueueList, type TQueueAction } from '#shared/admin/admin.schemas';
import { apiGet, apiPost, serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useConfirmed } from '../components/password-confirm';
import { adminKeys } from './admin-keys';

/** GET /api/admin/queues: every queue and its open count. */
export function useQueues() {
  return useQuery({
    queryKey: adminKeys.queues,
    queryFn: async ({ signal }) => ZQueueList.parse(await apiGet<unknown>('/api/admin/queues', signal)),
  });
}

/** GET /api/admin/queues/:kind?page=: one page of a queue's open items. */
export function useQueue(kind: string, page: number) {
  return useQuery({
    queryKey: adminKeys.queue(kind, page),
    queryFn: async ({ signal }) =>
      ZQueueItems.parse(await apiGet<unknown>(`/api/admin/queues/${encodeURIComponent(kind)}?page=${page}`, signal)),
    placeholderData: keepPreviousData,
  });
}

/** POST .../claim: opening an item takes it, unless another admin holds it. */
export function useClaim(kind: string) {
  const client = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (id: string) =>
      ZClaim.parse(
        await apiPost<unknown>(`/api/admin/queues/${encodeURIComponent(kind)}/items/${encodeURIComponent(id)}/claim`),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: [adminKeys.queues[0], kind] }),
  });
}

/** POST .../actions: dismiss, resolve, warn, grant, deny... as the queue allows. */
export function useQueueAction(kind: string) {
  const client = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    retry: false,
    mutationFn: ({ id, body }: { id: string; body: TQueueAction }) =>
      confirmed(() =>
        apiPost<unknown>(`/api/admin/queues/${encodeURIComponent(kind)}/items/${encodeURIComponent(id)}/actions`, body),
      ),
    onSuccess: () => {
      toast({ title: 'Done' });
      return client.invalidateQueries({ queryKey: adminKeys.queues });
    },
    onError: (error) => {
      if (error instanceof Error && error.name === 'ConfirmationCancelled') return;
      toast({ title: 'That did not work', description: serverMessage(error) ?? error.message, variant: 'destructive' });
      void client.invalidateQueries({ queryKey: adminKeys.queues });
    },
  });
}
