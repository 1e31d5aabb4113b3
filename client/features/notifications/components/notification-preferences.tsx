import { NOTIFICATION_TYPE_LABELS } from '../../../../shared/notifications/notifications.schemas';
import { LoadFailedCard } from '../../../components/load-failed-card';
import { Checkbox } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { failureToast } from '../../../lib/failure-toast';
import { toast } from '../../../lib/toast';
import { usePreferences, useSetPreference } from '../api/preferences';

/**
 * Email copies per notification type, on /profile (PRODUCT.md): each box saves at once. Every
 * notification still shows in the bell and on /notifications; this only decides the email.
 */
export function NotificationPreferences() {
  const { data: preferences, isPending, isError, isRefetching, refetch } = usePreferences();
  const save = useSetPreference();
  if (isPending) return <PageSpinner label="Loading your email settings…" className="min-h-32" />;
  if (isError) return <LoadFailedCard what="your email settings" variant="compact" retrying={isRefetching} onRetry={() => void refetch()} />;
  return (
    <fieldset>
      <legend className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Every notification shows in the bell and on the notifications page. Choose which ones also come by email.
      </legend>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {preferences.map((p) => (
          <li key={p.type} className="flex items-center justify-between gap-4 py-3">
            <label htmlFor={`email-${p.type}`} className="text-sm text-zinc-900 dark:text-zinc-100">
              {NOTIFICATION_TYPE_LABELS[p.type]}
            </label>
            <span className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
              <Checkbox
                id={`email-${p.type}`}
                name={`email.${p.type}`}
                checked={p.email}
                disabled={save.isPending && save.variables?.type === p.type}
                onChange={(e) =>
                  save.mutate(
                    { type: p.type, email: e.target.checked },
                    { onError: (err) => toast(failureToast('Could not save your email setting', err)) },
                  )
                }
              />
              <span aria-hidden="true">Email</span>
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
