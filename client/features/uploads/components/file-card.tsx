import { File, FileArchive, FileSpreadsheet, FileText, Presentation, type LucideIcon } from 'lucide-react';
import { documentFamily, type TDocumentFamily, type TUpload } from '#shared/uploads/uploads.schemas';

const ICONS: Record<TDocumentFamily, LucideIcon> = {
  pdf: FileText,
  text: FileText,
  sheet: FileSpreadsheet,
  slides: Presentation,
  archive: FileArchive,
};

/** "820 KB", "4.2 MB": a file's size as a person reads it. */
export function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The icon of a document's family (a workbook, a deck, a ZIP), for a file that is not a picture. */
export function FileIcon({ file, className }: { file: Pick<TUpload, 'contentType'>; className?: string }) {
  const Icon = ICONS[documentFamily(file.contentType) ?? 'text'] ?? File;
  return <Icon aria-hidden="true" className={className} />;
}

/**
 * A document as a link that downloads it: its icon, name and size (decision 053). The link
 * says "download" so a screen reader hears what it does; the name may be cut visually only.
 */
export function FileCard({ file, className }: { file: TUpload; className?: string }) {
  return (
    <a
      href={file.url}
      download={file.name}
      aria-label={`Download ${file.name}, ${fileSize(file.size)}`}
      className={
        className ??
        'flex max-w-64 min-w-0 items-center gap-2 rounded-lg border border-zinc-200 p-2 text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:hover:bg-zinc-800'
      }
    >
      <FileIcon file={file} className="size-8 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <span className="min-w-0">
        <span className="block truncate font-medium text-zinc-800 dark:text-zinc-200">{file.name}</span>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{fileSize(file.size)}</span>
      </span>
    </a>
  );
}
