import { BROADCAST_TYPE_LABELS, type TBroadcast } from '#shared/notifications/broadcasts.schemas';
import { ROLE_LABELS } from '#shared/roles';
import { timeLabel } from '#shared/time-label';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { useNow } from '#client/lib/use-now';
import { useBroadcasts } from '../api/get-broadcasts';
import { dateTime, Pager, usePageParam } from './console-bits';

const targetLabel = (b: TBroadcast) =>
  b.roles.length === 0 ? 'Everyone' : b.roles.map((r) => ROLE_LABELS[r]).join(', ');
const recipientsLabel = (n: number) => (n === 1 ? '1 recipient' : `${n} recipients`);

/** The broadcast history, newest first, paged on the server; the page lives in the URL (?page=). */
export function RecentBroadcasts() {
  const [page, setPage] = usePageParam();
  const { data, isPending, isError, refetch, isRefetching } = useBroadcasts(page);
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
            <Button
              variant="outline"
              size="sm"
              loading={isRefetching}
              loadingText="Trying again…"
              onClick={() => void refetch()}
            >
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
                  <time
                    dateTime={b.createdAt}
                    title={dateTime(b.createdAt)}
                    className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400"
                  >
                    {timeLabel(b.createdAt, now)}
                  </time>
                </div>
                <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">{b.message}</p>
                <dl className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
                  <div className="flex gap-1">
                    <dt className="sr-only">Type</dt>
                    <dd className="rounded bg-indigo-50 px-1.5 font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                      {BROADCAST_TYPE_LABELS[b.type]}
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>To</dt>
                    <dd className="font-medium text-zinc-800 dark:text-zinc-200">{targetLabel(b)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>By</dt>
                    <dd className="font-medium text-zinc-800 dark:text-zinc-200">
                      {b.sentBy ? b.sentBy.fullName : 'A former admin'}
                    </dd>
                  </div>
                  <div>
                    <dt className="sr-only">Received by</dt>
                    <dd>{recipientsLabel(b.recipients)}</dd>
                  </div>
                  {b.link ? (
                    <div>
                      <dt className="sr-only">Link</dt>
                      <dd className="break-all">{b.link}</dd>
                    </div>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        )}
        {data && data.total > data.pageSize ? (
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        ) : null}
      </CardContent>
    </Card>
  );
}
