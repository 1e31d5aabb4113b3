import * as Dialog from '@radix-ui/react-dialog';
import { Download, FileText, X } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '#client/components/ui/button';
import { useReturnFocus } from '#client/components/ui/use-return-focus';

interface CvViewerProps {
  cv: { url: string; name: string };
  applicantName: string;
}

/** The same file, shown by the browser's own PDF viewer instead of downloaded (the server checks it is a PDF). */
const inlineUrl = (url: string) => `${url}?view=inline`;

/**
 * An applicant's CV: read in a large frame over the pipeline with the browser's built-in PDF
 * viewer (no pdf.js in the bundle), or downloaded. A phone's screen is too small for a frame,
 * so there "View CV" opens the PDF in a new tab instead.
 */
export function CvViewer({ cv, applicantName }: CvViewerProps) {
  const [open, setOpen] = useState(false);
  const returnFocus = useReturnFocus(open);
  return (
    <div className="space-y-1">
      <p className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
        <FileText aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">CV: {cv.name}</span>
      </p>
      <div className="flex flex-wrap gap-1.5">
        <a
          href={inlineUrl(cv.url)}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses('outline', 'sm', 'sm:hidden')}
        >
          View CV
        </a>
        <span className="hidden sm:inline-flex">
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            View CV
          </Button>
        </span>
        <a
          href={cv.url}
          download={cv.name}
          className={buttonClasses('ghost', 'sm')}
          aria-label={`Download the CV of ${applicantName}`}
        >
          <Download aria-hidden="true" className="size-4" />
          Download
        </a>
      </div>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px]" />
          <Dialog.Content
            onCloseAutoFocus={returnFocus}
            aria-describedby={undefined}
            className="fixed inset-4 z-50 mx-auto flex max-w-4xl flex-col rounded-2xl border border-zinc-200 bg-white shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
          >
            <div className="flex items-center gap-2 border-b border-zinc-200 p-3 dark:border-zinc-800">
              <Dialog.Title className="min-w-0 flex-1 truncate text-base font-semibold">
                CV of {applicantName}
              </Dialog.Title>
              <a href={cv.url} download={cv.name} className={buttonClasses('outline', 'sm')}>
                <Download aria-hidden="true" className="size-4" />
                Download
              </a>
              <Dialog.Close asChild>
                <Button size="icon" variant="ghost" aria-label="Close">
                  <X aria-hidden="true" className="size-5" />
                </Button>
              </Dialog.Close>
            </div>
            <iframe
              src={inlineUrl(cv.url)}
              title={`CV of ${applicantName}`}
              className="min-h-0 w-full flex-1 rounded-b-2xl bg-zinc-100 dark:bg-zinc-950"
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
