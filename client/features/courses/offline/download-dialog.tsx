import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { useReturnFocus } from '#client/components/ui/use-return-focus';
import { toast } from '#client/lib/toast';
import { useCourseContent } from '../api/get-course-content';
import { ProgressBar } from '../components/course-visuals';
import { downloadErrorMessage } from './download-errors';
import { formatSize, planDownload, type DownloadPlan } from './download-plan';
import { useSaveDownload } from './use-downloads';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The size confirmation, then the download's progress (decision 080). Videos are offered
 * separately with their size: they are most of a course's bytes, and prepaid data is counted.
 */
export function DownloadDialog({
  courseId,
  title,
  open,
  onOpenChange,
}: {
  courseId: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const content = useCourseContent(courseId, open);
  const save = useSaveDownload(courseId);
  const [progress, setProgress] = useState({ saved: 0, total: 0 });
  const [withVideos, setWithVideos] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const returnFocus = useReturnFocus(open);

  const start = (videos: boolean) => {
    abort.current = new AbortController();
    setWithVideos(videos);
    setProgress({ saved: 0, total: 0 });
    save.mutate(
      { withVideos: videos, signal: abort.current.signal, onProgress: (saved, total) => setProgress({ saved, total }) },
      {
        onSuccess: (download) => {
          onOpenChange(false);
          save.reset();
          toast({
            title: 'Saved for offline',
            description: `${title} (${formatSize(download.bytes)}) opens without a network now.`,
          });
        },
      },
    );
  };
  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    abort.current?.abort();
    save.reset();
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Dialog.Title className="text-lg font-semibold tracking-tight">Download for offline</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            Keep <span className="font-medium text-zinc-900 dark:text-zinc-100">{title}</span> on this device to read
            and watch it without a network.
          </Dialog.Description>
          {save.isPending ? (
            <Saving saved={progress.saved} total={progress.total} onCancel={() => close(false)} />
          ) : save.isError ? (
            <div className="mt-4 space-y-4">
              <Alert tone="error">{downloadErrorMessage(save.error, withVideos)}</Alert>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button variant="outline">Close</Button>
                </Dialog.Close>
                <Button onClick={() => save.reset()}>Try again</Button>
              </div>
            </div>
          ) : content.data ? (
            <Choice plan={planDownload(content.data)} onStart={start} />
          ) : content.isError ? (
            <Alert tone="error" className="mt-4">
              {downloadErrorMessage(content.error, false)}
            </Alert>
          ) : (
            <p className="mt-4 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
              <Spinner /> Working out the size…
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Choice({ plan, onStart }: { plan: DownloadPlan; onStart: (withVideos: boolean) => void }) {
  const base = plan.textBytes + plan.fileBytes;
  const text = `Text of ${plural(plan.lessons, 'lesson')}${plan.files.length ? ` and ${plural(plan.files.length, 'attachment')}` : ''}`;
  return (
    <div className="mt-4 space-y-4">
      <ul className="space-y-2 text-sm" data-testid="download-plan">
        <li className="flex justify-between gap-3 rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
          <span>{text}</span>
          <span className="shrink-0 font-medium tabular-nums">{formatSize(base)}</span>
        </li>
        {plan.videoLessons > 0 ? (
          <li className="rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
            <span className="flex justify-between gap-3">
              <span>{plural(plan.videoLessons, 'video')}</span>
              <span className="shrink-0 font-medium tabular-nums" data-testid="download-video-size">
                {formatSize(plan.videoBytes)}
              </span>
            </span>
            <span className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400">
              Each video has one file today, with no smaller version, so it is saved at that size.
            </span>
          </li>
        ) : null}
      </ul>
      {plan.externalVideos > 0 || plan.gradedLessons > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-xs text-zinc-600 dark:text-zinc-400">
          {plan.externalVideos > 0 ? (
            <li>{plural(plan.externalVideos, 'video is', 'videos are')} on another website and play only online.</li>
          ) : null}
          {plan.gradedLessons > 0 ? <li>Quizzes and assignments need the network to answer.</li> : null}
        </ul>
      ) : null}
      {/* One column at every width: the sizes make the labels long, and the choice reads top down. */}
      <div className="flex flex-col gap-2">
        {plan.videoLessons > 0 ? (
          <>
            <Button onClick={() => onStart(true)}>With videos ({formatSize(base + plan.videoBytes)})</Button>
            <Button variant="outline" onClick={() => onStart(false)}>
              Without videos ({formatSize(base)})
            </Button>
          </>
        ) : (
          <Button onClick={() => onStart(false)}>Download ({formatSize(base)})</Button>
        )}
        <Dialog.Close asChild>
          <Button variant="ghost">Cancel</Button>
        </Dialog.Close>
      </div>
    </div>
  );
}

function Saving({ saved, total, onCancel }: { saved: number; total: number; onCancel: () => void }) {
  return (
    <div className="mt-4 space-y-3">
      <ProgressBar percent={total ? (saved / total) * 100 : 0} label="Download progress" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {total ? `Saved ${formatSize(saved)} of ${formatSize(total)}…` : 'Starting the download…'}
      </p>
      <div className="flex justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel download
        </Button>
      </div>
    </div>
  );
}
