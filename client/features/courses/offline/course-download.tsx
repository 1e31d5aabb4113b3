import { CircleCheck, Download as DownloadIcon, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { useAppStatus } from '#client/lib/app-status';
import { downloadsSupported } from '#client/lib/downloads';
import { toast } from '#client/lib/toast';
import { DownloadDialog } from './download-dialog';
import { formatSize } from './download-plan';
import { useCourseDownload, useDeleteDownload } from './use-downloads';

export const DOWNLOADS_PATH = '/profile#downloads';

/**
 * "Download for offline" on an enrolled course's page, or what the device holds of it with
 * Delete and Download again (decision 080). Only enrolled members see it: the server decides
 * what the download may hold.
 */
export function CourseDownload({ courseId, title }: { courseId: string; title: string }) {
  const { download, isPending, isEnabled } = useCourseDownload(courseId);
  const { online } = useAppStatus();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const remove = useDeleteDownload();
  if (!downloadsSupported() || !isEnabled || isPending) return null;

  const dialog = <DownloadDialog courseId={courseId} title={title} open={open} onOpenChange={setOpen} />;
  if (!download) {
    return (
      <div className="space-y-1">
        <Button variant="outline" className="w-full" disabled={!online} onClick={() => setOpen(true)}>
          <DownloadIcon aria-hidden="true" className="size-4" />
          Download for offline
        </Button>
        {!online ? (
          <p className="text-center text-xs text-zinc-600 dark:text-zinc-400">Downloading needs the network.</p>
        ) : null}
        {dialog}
      </div>
    );
  }
  return (
    <div
      className="space-y-2 rounded-xl border border-emerald-200 bg-emerald-50/60 p-3 text-sm dark:border-emerald-900/60 dark:bg-emerald-950/30"
      data-testid="course-download"
    >
      <p className="flex items-center gap-2 font-medium text-emerald-900 dark:text-emerald-200">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
        Downloaded for offline
      </p>
      <p className="text-zinc-700 dark:text-zinc-300">
        <span data-testid="course-download-size">{formatSize(download.bytes)}</span> on this device,{' '}
        {download.videos ? 'with videos' : 'without videos'}.{' '}
        <Link to={DOWNLOADS_PATH} className="font-medium text-indigo-700 underline dark:text-indigo-300">
          All downloads
        </Link>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={!online} onClick={() => setOpen(true)}>
          <DownloadIcon aria-hidden="true" className="size-4" />
          Download again
        </Button>
        <Button variant="ghost-destructive" size="sm" onClick={() => setAsking(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete download
        </Button>
      </div>
      {dialog}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Delete this download?"
        description={`${title} will need the network again. Your progress is kept.`}
        confirmText="Delete download"
        confirmVariant="destructive"
        loading={remove.isPending}
        loadingText="Deleting…"
        onConfirm={() =>
          remove.mutate(courseId, {
            onSuccess: () => {
              setAsking(false);
              toast({ title: 'Download deleted', description: `${formatSize(download.bytes)} freed on this device.` });
            },
          })
        }
      />
    </div>
  );
}
