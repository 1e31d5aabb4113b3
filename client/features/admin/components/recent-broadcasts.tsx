import { ROLE_LABELS } from '../../../../shared/roles';
import { timeLabel } from '../../../../shared/time-label';
import type { TBroadcastAudience } from '../../../../shared/notifications/broadcasts.schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useNow } from '../../../lib/use-now';
import { useBroadcasts } from '../api/get-broadcasts';

const audienceLabel = (a: TBroadcastAudience) => (a === 'all' ? 'Everyone' : ROLE_LABELS[a]);

/** The latest broadcasts, newest first, with whom each reached. */
export function RecentBroadcasts() {
  const { data, isPending, isError, refetch, isRefetching } = useBroadcasts();
  const now = useNow();
  const broadcasts = data?.broadcasts ?? [];

  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">Recent broadcasts</h2>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner />
            Loading broadcasts…
          </p>
        ) : isError && broadcasts.length === 0 ? (
          <div className="space-y-3 text-sm">
            <p className="text-zinc-600 dark:text-zinc-400">We could not load the broadcasts.</p>
            <Button variant="outline" size="sm" loading={isRefetching} loadingText="Trying again…" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : broadcasts.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No broadcasts have been sent yet.</p>
        ) : (
          <ul aria-label="Recent broadcasts" className="-my-3 divide-y divide-zinc-200 dark:divide-zinc-800">
            {broadcasts.map((b) => (
              <li key={b.id} data-testid="broadcast-row" className="space-y-1 py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="font-medium break-words text-zinc-900 dark:text-white">{b.title}</p>
                  <time dateTime={b.createdAt} className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                    {timeLabel(b.createdAt, now)}
                  </time>
                </div>
                <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">{b.message}</p>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {audienceLabel(b.audience)} · {b.recipients === 1 ? '1 recipient' : `${b.recipients} recipients`}
                  {b.link ? <> · {b.link}</> : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
