import { HardDriveDownload, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { downloadsSupported } from '#client/lib/downloads';
import { formatDate } from '#client/lib/format-date';
import { toast } from '#client/lib/toast';
import { playerPath } from '../paths';
import { formatSize } from './download-plan';
import { useDeleteDownload, useDownloads } from './use-downloads';

/** Whether the browser promised to keep the downloads under storage pressure. */
function usePersisted() {
  const [persisted, setPersisted] = useState<boolean | null>(null);
  useEffect(() => {
    void navigator.storage
      ?.persisted?.()
      .then(setPersisted)
      .catch(() => setPersisted(null));
  }, []);
  return persisted;
}

/**
 * /profile#downloads: the courses kept on this device for the signed-in member, their size and
 * Delete (YouTube's and Udemy's Downloads place; decision 080).
 */
export function DownloadsSection() {
  const downloads = useDownloads();
  const remove = useDeleteDownload();
  const persisted = usePersisted();
  if (!downloadsSupported()) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        This browser cannot keep courses for offline use here. Open the site over https in Chrome, Edge, Firefox or
        Safari.
      </p>
    );
  }
  if (downloads.isPending) return <Spinner />;
  const list = downloads.data ?? [];
  if (list.length === 0) {
    return (
      <p className="flex items-start gap-3 text-sm text-zinc-600 dark:text-zinc-400">
        <HardDriveDownload aria-hidden="true" className="size-5 shrink-0" />
        Nothing downloaded yet. Open a course you are enrolled in and choose Download for offline.
      </p>
    );
  }
  const total = list.reduce((sum, d) => sum + d.bytes, 0);
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="downloads-total">
        {list.length === 1 ? '1 course uses' : `${list.length} courses use`} {formatSize(total)} on this device.
      </p>
      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {list.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 sm:p-4" data-testid="download-row">
            <div className="min-w-0 flex-1 basis-48">
              <Link
                to={playerPath(d.id)}
                className="block truncate font-medium text-zinc-900 hover:underline dark:text-zinc-100"
              >
                {d.title}
              </Link>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                <span className="font-medium tabular-nums" data-testid="download-size">
                  {formatSize(d.bytes)}
                </span>{' '}
                · {d.videos ? 'with videos' : 'without videos'} · saved {formatDate(new Date(d.savedAt).toISOString())}
              </p>
            </div>
            <Button
              variant="ghost-destructive"
              size="sm"
              aria-label={`Delete the download of ${d.title}`}
              loading={remove.isPending && remove.variables === d.id}
              loadingText="Deleting…"
              onClick={() =>
                remove.mutate(d.id, {
                  onSuccess: () =>
                    toast({ title: 'Download deleted', description: `${formatSize(d.bytes)} freed on this device.` }),
                })
              }
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          </li>
        ))}
      </ul>
      {persisted === false ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Your browser may remove downloads when the device runs low on space. Installing the app makes that less
          likely.
        </p>
      ) : null}
    </div>
  );
}
