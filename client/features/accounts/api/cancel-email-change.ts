import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { pendingEmailKey } from './get-pending-email';

/** DELETE /api/user/email/pending: the mailed link stops working. */
export function useCancelEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete<void>('/api/user/email/pending'),
    onSuccess: () => toast({ title: 'Email change cancelled' }),
    onError: (error) => toast(failureToast('Failed to cancel the email change', error)),
    onSettled: () => client.invalidateQueries({ queryKey: pendingEmailKey }),
  });
}
