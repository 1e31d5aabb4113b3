import {
  IN_APP_OPTIONAL,
  NOTIFICATION_TYPE_LABELS,
  type TNotificationPreference,
  type TNotificationPreferenceChange,
} from '#shared/notifications/notifications.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Checkbox } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { usePreferences, useSetPreference } from '../api/preferences';

/**
 * Notification settings on /profile (docs/product.md "Notifications"), each box saving at once: the email copy of
 * every type, and for the IN_APP_OPTIONAL ones (new gigs matching your skills) whether they
 * come at all. A type turned off sends no email either, so its email box is disabled.
 */
export function NotificationPreferences() {
  const { data: preferences, isPending, isError, isRefetching, refetch } = usePreferences();
  const save = useSetPreference();
  if (isPending) return <PageSpinner label="Loading your notification settings…" className="min-h-32" />;
  if (isError)
    return (
      <LoadFailedCard
        what="your notification settings"
        variant="compact"
        retrying={isRefetching}
        onRetry={() => void refetch()}
      />
    );
  const change = (c: TNotificationPreferenceChange) =>
    save.mutate(c, { onError: (err) => toast(failureToast('Could not save your notification setting', err)) });
  const busy = (p: TNotificationPreference) => save.isPending && save.variables?.type === p.type;
  return (
    <fieldset>
      <legend className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Notifications show in the bell and on the notifications page. Choose which ones also come by email; new gigs
        matching your skills can be turned off altogether.
      </legend>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {preferences.map((p) => (
          <li key={p.type} className="flex items-center justify-between gap-4 py-3">
            <label htmlFor={`email-${p.type}`} className="min-w-0 text-sm text-zinc-900 dark:text-zinc-100">
              {NOTIFICATION_TYPE_LABELS[p.type]}
            </label>
            <span className="flex shrink-0 items-center gap-4 text-sm text-zinc-600 dark:text-zinc-400">
              {IN_APP_OPTIONAL.has(p.type) ? (
                <span className="flex items-center gap-2">
                  <Checkbox
                    id={`in-app-${p.type}`}
                    name={`inApp.${p.type}`}
                    aria-label={`${NOTIFICATION_TYPE_LABELS[p.type]}: notify me`}
                    checked={p.inApp}
                    disabled={busy(p)}
                    onChange={(e) => change({ type: p.type, inApp: e.target.checked })}
                  />
                  <span aria-hidden="true">Notify me</span>
                </span>
              ) : null}
              <span className="flex items-center gap-2">
                <Checkbox
                  id={`email-${p.type}`}
                  name={`email.${p.type}`}
                  checked={p.email && p.inApp}
                  disabled={busy(p) || !p.inApp}
                  onChange={(e) => change({ type: p.type, email: e.target.checked })}
                />
                <span aria-hidden="true">Email</span>
              </span>
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
